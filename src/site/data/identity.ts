// The computation lives in src/shared so the console's API can fill page placeholders the same way (docs/agency.md#the-pages).
export { addressDisplay, siteIdentity } from '../../shared/agency-identity'
