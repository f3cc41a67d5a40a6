export { default } from '../../backend/test/helpers/global-teardown';
