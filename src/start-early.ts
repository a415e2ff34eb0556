// The entry's first import (main.tsx). The early requests usually leave from app/screen-preload.ts, a small script
// that runs before this bundle; when this bundle runs first, they leave here, before React, the schemas and the rest
// are evaluated (the bundle evaluates this module and the few it imports first).
import { sendEarlyRequests } from './app/early-requests';

sendEarlyRequests(window.location);
