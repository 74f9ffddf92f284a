export declare const SERVER_NODE_FLAGS: string[];
export declare function serverArgs(...extra: string[]): string[];
