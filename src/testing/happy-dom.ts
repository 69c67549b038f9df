import { GlobalRegistrator } from '@happy-dom/global-registrator';

// Preloaded only for the island pass: happy-dom's globals break Response and Bun.serve.
GlobalRegistrator.register({ url: 'http://localhost:3000/' });
