// The amplify module's public surface: nothing else of it is imported from outside.
export { AmplifyModule } from './amplify.module';
