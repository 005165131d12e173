export { createApp } from './app';
export { loadApiConfig, type ApiConfig } from './config';
export { AutomationClient } from './automation/automation-client';
export { stopApp } from './stop-app';
