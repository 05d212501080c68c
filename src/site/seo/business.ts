/** The agency's public facts live in src/shared/business.ts (the chat agent reads them too). */
export * from '../../shared/business'
