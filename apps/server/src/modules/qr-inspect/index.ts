// The staff QR inspect (docs/decisions/134): its service for the composition root, its routes for the app.
export { createQrInspectService, type QrInspectDependencies, type QrInspectService } from './qr-inspect.service.js';
export { qrInspectRoutes } from './qr-inspect.routes.js';
