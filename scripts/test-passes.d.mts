export const EMBEDDED_ONLY: Map<string, string>;
export const STORAGE_SIGNS: RegExp;
export function storagePassFiles(root: string, files: string[]): string[];
export function nextStartPassFiles(files: string[]): string[];
export const NOT_UNDER_NEXT_START: Map<string, string>;
