// The server's typecheck has no DOM library: the few parts of jsdom's parsed documents the server's tests
// read (sitemaps, the embed's HTML), declared here rather than pulling the browser's types into the server.
declare module "jsdom" {
  interface ParsedElement {
    localName: string;
    namespaceURI: string | null;
    className: string;
    textContent: string | null;
    children: ArrayLike<ParsedElement> & Iterable<ParsedElement>;
    getAttribute(name: string): string | null;
    querySelector(selector: string): ParsedElement | null;
    querySelectorAll(selector: string): ArrayLike<ParsedElement> & Iterable<ParsedElement>;
  }
  interface ParsedDocument {
    documentElement: ParsedElement;
    querySelector(selector: string): ParsedElement | null;
    querySelectorAll(selector: string): ArrayLike<ParsedElement> & Iterable<ParsedElement>;
  }
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: string });
    window: { document: ParsedDocument };
  }
}
