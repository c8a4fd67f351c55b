// Test double of the companion's PHP routes at the HTTP boundary: answers axios requests with fixture bodies.
import axios from '@nextcloud/axios'
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'

export interface RecordedRequest {
	method: string
	/** Path below /apps/mcp_companion/api/v1/, e.g. "background-sync/status", or below /apps/mcp_companion/ for the
	 * app's other routes, e.g. "oauth/logout". */
	path: string
	body: unknown
}

export interface FakeServer {
	requests: RecordedRequest[]
	/** Answers every later `method path` request with this status and body. */
	answer(method: string, path: string, status: number, body: unknown): void
	/** Like answer, but the requests wait for their answer until the returned function is called. */
	answerLater(method: string, path: string, status: number, body: unknown): () => void
	requestsTo(method: string, path: string): RecordedRequest[]
	stop(): void
}

const APP_PREFIX = '/index.php/apps/mcp_companion/'
const API_PREFIX = APP_PREFIX + 'api/v1/'

export function startFakeServer(): FakeServer {
	const answers = new Map<string, { status: number; body: unknown; sent?: Promise<void> }>()
	const requests: RecordedRequest[] = []
	const previousAdapter = axios.defaults.adapter

	const adapter: AxiosAdapter = async (config) => {
		const request = recordRequest(config)
		requests.push(request)
		const answer = answers.get(`${request.method} ${request.path}`) ?? {
			status: 404,
			body: { error: 'not_found', message: 'No such route.', request_id: 'fake-404' },
		}
		await answer.sent
		return settle(config, answer.status, structuredClone(answer.body))
	}
	axios.defaults.adapter = adapter

	return {
		requests,
		answer: (method, path, status, body) => answers.set(`${method.toUpperCase()} ${path}`, { status, body }),
		answerLater: (method, path, status, body) => {
			let send = (): void => {}
			const sent = new Promise<void>((resolve) => (send = resolve))
			answers.set(`${method.toUpperCase()} ${path}`, { status, body, sent })
			return send
		},
		requestsTo: (method, path) => requests.filter((r) => r.method === method.toUpperCase() && r.path === path),
		stop: () => {
			axios.defaults.adapter = previousAdapter
		},
	}
}

function recordRequest(config: InternalAxiosRequestConfig): RecordedRequest {
	const url = config.url ?? ''
	const path = readRoutePath(url)
	const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data
	return { method: (config.method ?? 'get').toUpperCase(), path, body }
}

function readRoutePath(url: string): string {
	for (const prefix of [API_PREFIX, APP_PREFIX]) {
		const start = url.indexOf(prefix)
		if (start !== -1) {
			return url.slice(start + prefix.length)
		}
	}
	return url
}

/** Resolves or rejects the way axios's own adapters do for this status. */
function settle(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
	const response: AxiosResponse = {
		data,
		status,
		statusText: String(status),
		headers: new AxiosHeaders({ 'content-type': 'application/json' }),
		config,
	}
	if (config.validateStatus?.(status) ?? (status >= 200 && status < 300)) {
		return response
	}
	throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response)
}
