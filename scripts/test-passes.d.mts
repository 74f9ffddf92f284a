export const EMBEDDED_ONLY: Map<string, string>;
export const STORAGE_SIGNS: RegExp;
export function storagePassFiles(root: string, files: string[]): string[];
