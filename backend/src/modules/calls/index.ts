// The calls module's public surface: nothing else of it is imported from outside.
export { CallsModule } from './calls.module';
export { PublicCalls } from './application/public-calls.service';
export { CallVisits } from './application/call-visits';
