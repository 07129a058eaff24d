// Shared modules are negotiated asynchronously before any of the app runs.
import('./bootstrap');
