// sucrase's own parser (the one its transform runs), reached by its CommonJS path: the package's ESM build imports
// without file extensions, which Node does not resolve. Its types ship under dist/types.
declare module 'sucrase/dist/parser/index.js' {
  export { parse } from 'sucrase/dist/types/parser/index';
}
declare module 'sucrase/dist/parser/tokenizer/types.js' {
  export { formatTokenType, TokenType } from 'sucrase/dist/types/parser/tokenizer/types';
}
declare module 'sucrase/dist/parser/tokenizer/index.js' {
  export { IdentifierRole } from 'sucrase/dist/types/parser/tokenizer/index';
}
