import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'

/** What a node answered over HTTP. */
export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/** Why a POST got no answer: the time ran out, or the connection failed or was dropped. */
export class PostFailed extends Error {
  constructor(
    readonly timedOut: boolean,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A POST of `body` (JSON) to `url` over a keep-alive connection of `agent`, bounded by
 * `timeoutMs` and cancelled by `signal`. Node's own http client: `fetch` costs several times its
 * CPU per request, and a build is little more than one node call.
 */
export function postJson(url: URL, agent: HttpAgent, body: string, signal: AbortSignal, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const finish = (error: PostFailed | undefined, answer?: HttpAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      if (error) {
        request.destroy()
        reject(error)
      } else resolve(answer!)
    }
    const onAbort = () => finish(new PostFailed(false, 'cancelled'))
    const timer = setTimeout(() => finish(new PostFailed(true, `no answer within ${timeoutMs} ms`)), Math.max(1, timeoutMs))
    const request = send(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          finish(undefined, { status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        )
        response.on('error', (error) => finish(new PostFailed(false, error.message)))
      },
    )
    request.on('error', (error) => finish(new PostFailed(false, error.message)))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort)
    request.end(body)
  })
}

/** A keep-alive agent for one node URL. */
export function agentFor(url: URL): HttpAgent {
  const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }
  return url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options)
}
