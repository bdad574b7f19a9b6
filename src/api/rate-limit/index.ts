// The API's rate limits: who a client is (behind TRUST_PROXY's proxies), and the stores that count
// its requests (leased from a count in Redis, else per process).
export { type AdmitFromMemory, registerRateLimits } from './rateLimits.js'
