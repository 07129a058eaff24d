// Hands this page's federation bundler runtime to our remotes before any of them loads.
import './federation/bundler-runtime-provider';

// Shared modules are negotiated asynchronously before any of the app runs.
import('./bootstrap');
