export declare const OPTIMIZED_PGLITE_BUDGET_MB: number;
export declare function memoryBudgetMb(env?: Record<string, string | undefined>): number;
export declare function memoryFlags(env?: Record<string, string | undefined>): string[];
export declare function serverArgsFor(env: Record<string, string | undefined>, ...extra: string[]): string[];
export declare function serverArgs(...extra: string[]): string[];
