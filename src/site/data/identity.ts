/**
 * What every page shows of the agency (`SiteIdentity`): computed by the renderer once per
 * change, carried in each page's payload, so the layout needs no phone library in the browser.
 */
import { agencyPhoneText } from '../../domain/phone'
import { phoneDigits } from '../../domain/phone-shape'
import type { AgencyProfile, SiteIdentity } from '../../shared/agency'
import { imageUrl } from '../../shared/images'
import { capitalized, hoursEs } from '../../shared/office-hours'

/** "Av. Bonampak SM 10, Cancún, Quintana Roo": how the footer reads the address. */
export const addressDisplay = ({ address }: AgencyProfile) => [address.street, address.locality, address.region].filter(Boolean).join(', ')

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
    social: profile.social,
    notice: profile.notice,
  }
}
