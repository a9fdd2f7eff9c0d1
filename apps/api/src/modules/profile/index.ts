/** The profile module's public surface: its routes, its service and the readers' pictures. */
export { avatarsStatic } from './pictures/avatars-static.js';
export { createMediaStorage } from './pictures/media-storage.js';
export { profileRoutes } from './profile.router.js';
export { createProfileService } from './profile.service.js';
