// Imported first by main.ts: the server runs React's production build unless told otherwise,
// and the built bundles must be made for the same NODE_ENV (design §6).
process.env.NODE_ENV ??= 'production';

export {};
