// The paths of the registered router (src/app/router.tsx), for code that hands a place to a Link or navigate later:
// a list's action, a fix on the home, where a settled step goes. A plain string would pass TanStack's `to` unchecked.
import type { RegisteredRouter } from '@tanstack/react-router';

export type RoutePath = keyof RegisteredRouter['routesByPath'] & string;
