import type { DevnetManifest } from '../src/devnet/index.js'
import { captureAnswers } from './aggregateReads.js'
import type { PacedRequest } from './pacedLoad.js'
import { proxiedService } from './proxiedService.js'

/** The chain the mix's node-bound requests ask (see mixedRequests). */
const MIX_CHAIN = 56

/** A mix of requests rewritten for the bare server (bareServer.ts), and the file of answers it serves. */
export interface BareMix {
  requests: PacedRequest[]
  answersFile: string
}

/**
 * `requests` as the bare server takes them, for the soak's ceiling: each GET unchanged, answered
 * from the bytes the service at `base` answers to it now; each POST replaced by a `POST /forward`
 * of the JSON-RPC batch the service sends the node for it, recorded at a node proxy in front of
 * chain 56 (the second time it is asked, once the static facts a first request reads are known).
 * A POST that takes the service more than one round trip has no bare equivalent and throws.
 */
export async function bareMix(manifest: DevnetManifest, requests: PacedRequest[], base: string): Promise<BareMix> {
  const reads = requests.filter((request) => request.method === 'GET').map((request) => request.path)
  const { file } = await captureAnswers(base, reads)
  const service = await proxiedService(manifest, MIX_CHAIN)
  try {
    const bare: PacedRequest[] = []
    for (const request of requests) {
      if (request.method === 'GET') {
        bare.push(request)
        continue
      }
      await service.post(request.path, request.body ?? '{}')
      service.proxy.reset()
      const status = await service.post(request.path, request.body ?? '{}')
      const sent = service.proxy.requests()
      if (status < 200 || status >= 300) throw new Error(`${request.path} answered ${status}`)
      if (sent.length !== 1) throw new Error(`${request.path} took ${sent.length} node round trips; the bare server forwards one`)
      bare.push({ method: 'POST', path: '/forward', body: JSON.stringify(sent[0]), headers: { 'content-type': 'application/json' } })
    }
    return { requests: bare, answersFile: file }
  } finally {
    await service.close()
  }
}
