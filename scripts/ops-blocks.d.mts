export declare const GUIDE: string;
export interface GuideBlock {
  line: number;
  lang: string;
  text: string;
  kind: "ops" | "file" | null;
  id: string | null;
}
export declare function guideBlocks(text?: string): GuideBlock[];
