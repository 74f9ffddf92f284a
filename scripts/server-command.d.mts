export declare function serverArgs(...extra: string[]): string[];
