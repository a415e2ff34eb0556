import { sendEarlyRequests } from './early-requests';

// The app's entry imports this first. A built index.html has already sent the screen's first request from its own
// first script (app/screen-preload.ts), and this then sends nothing. Where the page has no such script (the dev
// server) or it did not run, the request still leaves before the rest of the bundle (React, the schemas, the app)
// is evaluated: tens of milliseconds on a laptop, several times that on a phone.
sendEarlyRequests(window.location);
