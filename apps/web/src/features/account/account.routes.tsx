import type { RouteObject } from 'react-router';

/** Private account screens (spec 01 §2: /account/*, /developers-settings), each with its view id. */
export const accountRoutes: RouteObject[] = [];
