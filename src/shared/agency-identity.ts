/**
 * What every page shows of the agency (`SiteIdentity`): computed by the renderer once per
 * change, carried in each page's payload, so the layout needs no phone library in the browser.
 */
import { agencyPhoneText } from '../domain/phone'
import { phoneDigits } from '../domain/phone-shape'
import { addressDisplay, type AgencyProfile, type SiteIdentity } from './agency'
import { imageUrl } from './images'
import { capitalized, hoursEs } from './office-hours'

/** How the footer reads the address (the agent says it the same way: ./agency.ts). */
export { addressDisplay }

/** The header shows the logo 32 px high: 240 px wide covers a wide logo on a sharp screen. */
const LOGO_WIDTH = 240

export function siteIdentity(profile: AgencyProfile): SiteIdentity {
  return {
    name: profile.name,
    // An uploaded logo is a stored photo (/photos/<key>): shown through the image proxy, as every photo.
    logo: profile.logo ? imageUrl(profile.logo, LOGO_WIDTH) : null,
    colors: profile.colors,
    phoneDisplay: agencyPhoneText(profile.phone),
    phone: profile.phone,
    whatsapp: phoneDigits(profile.whatsapp),
    email: profile.email,
    privacyEmail: profile.privacyEmail,
    addressDisplay: addressDisplay(profile),
    hoursDisplay: hoursEs(profile.hours).map(capitalized),
    hours: profile.hours,
    // A document saved before the profile had languages reads as none rather than failing the page.
    languages: profile.languages ?? [],
    social: profile.social,
    notice: profile.notice,
  }
}
