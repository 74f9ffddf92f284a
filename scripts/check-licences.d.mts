export interface LockFile {
  packages?: Record<string, { name?: string; version?: string; license?: string; dev?: boolean; devOptional?: boolean; link?: boolean }>;
}
export function refusedLicences(lock: LockFile): Array<{ name: string; license: string }>;
