/**
 * Types of the DeFi vault API, generated from its OpenAPI document by scripts/generate.mjs.
 * Do not edit: regenerate with `npx vitest run client/test -u` (the service's own document, as
 * `npm test` checks it) or `npm run generate -w client` while `npm start` runs.
 */

export interface paths {
    "/bridges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E3 — the bridges, pairing Ethereum and BNB Smart Chain */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One entry per bridged ticker, pairing its Ethereum and BNB Smart Chain sides */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Bridges that could not be read, comma separated: left out of the answer */
                        "x-omitted-bridges"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Token on BNB Smart Chain; "" when none */
                            bep20: `0x${string}` | "";
                            /** @description Bridge on BNB Smart Chain; "" when the ticker has none there */
                            bscBridgeAddress: `0x${string}` | "";
                            decimals: number;
                            /** @description Token on Ethereum; "" when none */
                            erc20: `0x${string}` | "";
                            /** @description Bridge on Ethereum; "" when the ticker has none there */
                            ethBridgeAddress: `0x${string}` | "";
                            name: string;
                            symbol: string;
                            ticker: string;
                        }[];
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/devnet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the embedded devnet deployed (only while it runs) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chains: {
                                [key: string]: {
                                    /** @description Dev accounts (anvil's default mnemonic, first 10), each funded with every token and LP token; the first deployed everything and holds a deposit in every vault and a stake in every staking pool; the second has no allowance yet, the one to try builds with */
                                    accounts: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        address: `0x${string}`;
                                        /** @description anvil's well-known dev key: never use it on a real chain */
                                        privateKey: `0x${string}`;
                                    }[];
                                    bridges: `0x${string}`[];
                                    bridgeTokens: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        bridge: `0x${string}`;
                                        ticker: string;
                                        /** @description EVM address, EIP-55 checksummed */
                                        token: `0x${string}`;
                                    }[];
                                    chainId: number;
                                    /** @description Chainlink-style feeds in USD */
                                    feeds: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        address: `0x${string}`;
                                        decimals: number;
                                        /** @description Seconds */
                                        heartbeat: number;
                                        /** @description EVM address, EIP-55 checksummed */
                                        token: `0x${string}`;
                                    }[];
                                    /** @description The pair addresses */
                                    lpTokens: `0x${string}`[];
                                    /** @description EVM address, EIP-55 checksummed */
                                    multicall3: `0x${string}`;
                                    pairs: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        address: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        token0: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        token1: `0x${string}`;
                                    }[];
                                    /** @description Reward pools of the public contract families, one of each, staked by the first dev account with rewards running; in the devnet registry under their `kind`. Apart from `rewardPools`, which lists the reference contracts */
                                    rewardPoolFamilies: {
                                        /** @description Uniswap V2 pairs that price those tokens against the wrapped native; not in `pairs` or `lpTokens` either */
                                        pairs: {
                                            /** @description EVM address, EIP-55 checksummed */
                                            address: `0x${string}`;
                                            /** @description EVM address, EIP-55 checksummed */
                                            token0: `0x${string}`;
                                            /** @description EVM address, EIP-55 checksummed */
                                            token1: `0x${string}`;
                                        }[];
                                        pools: {
                                            /** @description EVM address, EIP-55 checksummed */
                                            address: `0x${string}`;
                                            /** @description The registry's reward pool kind: SushiSwap MasterChef v1, Synthetix StakingRewards, Curve-style MultiRewards */
                                            kind: "masterchef" | "staking-rewards" | "multi-rewards";
                                            /** @description StakingRewards and MultiRewards have one staking pool: pid 0 */
                                            pids: number[];
                                            rewardTokens: `0x${string}`[];
                                            /** @description By pid */
                                            stakingTokens: `0x${string}`[];
                                        }[];
                                        /** @description Tokens only these pools brought, by symbol (the chef's SUSHI); dev accounts hold none, so they are not in `tokens` */
                                        tokens: {
                                            [key: string]: `0x${string}`;
                                        };
                                    };
                                    rewardPools: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        address: `0x${string}`;
                                        pids: number[];
                                        rewardTokens: `0x${string}`[];
                                        /** @description EVM address, EIP-55 checksummed */
                                        rewardVault: `0x${string}`;
                                        /** @description By pid */
                                        stakingTokens: `0x${string}`[];
                                    }[];
                                    /** @description The chain's anvil node */
                                    rpcUrl: string;
                                    /** @description Every ERC-20 by symbol, wrapped native and stables included, LP tokens excluded */
                                    tokens: {
                                        [key: string]: `0x${string}`;
                                    };
                                    uniswap: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        factory: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        router: `0x${string}`;
                                    };
                                    vaults: {
                                        /** @description EVM address, EIP-55 checksummed */
                                        address: `0x${string}`;
                                        kind: "beefy" | "erc4626";
                                        /** @description The performance fee its strategy charges of each harvest's earnings (0.045 = 4.5 %), where the strategy fixes it in its harvest and exposes no reading of it (Beefy's 2021 FeeManager shape): the devnet registry states it for the vault */
                                        performanceFee?: number;
                                        /** @description EVM address, EIP-55 checksummed */
                                        strategy?: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        want: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        zap?: `0x${string}`;
                                        /** @description EVM address, EIP-55 checksummed */
                                        zapTokenIn?: `0x${string}`;
                                    }[];
                                    /** @description EVM address, EIP-55 checksummed */
                                    wrappedNative: `0x${string}`;
                                };
                            };
                        };
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every registered vault's fees by vault address (performance, call, strategist, treasury, withdraw, deposit), read from the strategies */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every registered vault's fees by its address (of a chain, or of every chain), as each /vaults entry gives them */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                /** @description Of the amount deposited */
                                deposit: number;
                                performance: {
                                    /** @description Of each harvest's earnings, paid to whoever calls harvest; null when `total` is */
                                    call: number | null;
                                    /** @description How the strategy shares its performance fee, as it reports it (they add up to 1): given even when `total` is null */
                                    split: {
                                        /** @description Of the performance fee, to whoever calls harvest */
                                        call: number;
                                        /** @description Of the performance fee, to the strategy's developer */
                                        strategist: number;
                                        /** @description Of the performance fee, to the protocol */
                                        treasury: number;
                                    };
                                    /** @description Of each harvest's earnings, paid to the strategy's developer; null when `total` is */
                                    strategist: number | null;
                                    /** @description Of each harvest's earnings, all parts together: as the strategy reports it (getAllFees(), getFees(), or totalFee() over MAX_FEE()), else the registry entry's `performanceFee` for a strategy that fixes it inside its harvest and exposes no reading of it (Beefy's 2021 FeeManager); null with a note when neither gives it */
                                    total: number | null;
                                    /** @description Of each harvest's earnings, kept by the protocol (Beefy's `beefy` part); null when `total` is */
                                    treasury: number | null;
                                };
                                /** @description Of the amount withdrawn */
                                withdraw: number;
                            } | null;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/harvestable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which harvests pay now: each strategy's call reward against its harvest's gas cost, most profitable first */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every registered strategy of the chain, most profitable first; those that cannot be weighed last */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Wrapped native coin (wei) the next harvest pays its caller at the answer's block: read there, or extrapolated to it when `callRewardReadAt` is lower */
                            callReward: string | null;
                            /** @description The block callReward was read at. Below the answer's block, callReward is extrapolated: a strategy no log of a block names is read again only once a minute of chain time, and its call reward grows at the rate between its last two reads. GET /yield/{strategy}/call/pending-fees reads it now */
                            callRewardReadAt: string | null;
                            /** @description callReward in USD, at the wrapped native price */
                            callRewardUsd: number | null;
                            /** @description What to send the harvest with (EIP-1559); null in an answer from a snapshot older than this field */
                            fees: {
                                /** @description The newest block the fee history covers */
                                blockNumber: string;
                                /** @description Wei per gas to offer at most: twice the next block's base fee plus the tip */
                                maxFeePerGas: string;
                                /** @description Wei per gas of tip */
                                maxPriorityFeePerGas: string;
                            } | null;
                            /** @description Wei per gas the harvest pays: the next block's base fee plus the tip of `fees` (the median tip of those of the last 10 blocks that held transactions, else the node's eth_maxPriorityFeePerGas: an idle chain's empty blocks say nothing of it) */
                            gasPrice: string | null;
                            /** @description Gas of harvest() from a plain address, estimated every few blocks (not per request) */
                            harvestGas: number | null;
                            /** @description callRewardUsd minus harvestGas × gasPrice in USD: what harvesting now earns the caller */
                            netProfitUsd: number | null;
                            /** @description Why a figure is null */
                            note?: string;
                            /** @description netProfitUsd > 0; false when it cannot be weighed */
                            profitable: boolean;
                            /** @description Why the strategy should not be harvested now; empty when it should (not paused, due, and profitable) */
                            reasons: {
                                /** @description The figures behind it: how long ago, by how much */
                                detail: string;
                                /**
                                 * @description `paused`: harvest() reverts until the strategy is unpaused; `recently-harvested`: less than HARVEST_MIN_INTERVAL ago; `nothing-to-harvest`: the call reward is 0; `unprofitable`: the gas costs more than the call reward pays; `cannot-weigh`: a figure is missing (see `note`)
                                 * @enum {unknown}
                                 */
                                kind: "paused" | "recently-harvested" | "nothing-to-harvest" | "unprofitable" | "cannot-weigh";
                            }[];
                            /** @description The strategy (EIP-55) */
                            strategy: `0x${string}`;
                            /** @description Its vault (EIP-55) */
                            vault: `0x${string}`;
                        }[];
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** U2 — USD value of an amount of an LP token (chain optional: where the LP token is registered) */
        get: {
            parameters: {
                query: {
                    /** @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256 */
                    amount: string;
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    lptoken: `0x${string}`;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keyed by the LP token address (EIP-55) */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                /** @description USD value of the amount */
                                usd: number;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: TOKEN_NOT_FOUND (the token is not known on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: PRICE_UNAVAILABLE (no price can be derived for a token) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pool/{poolAddress}/{pid}/call/pending-rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** P5 — the user's pending amount of the first reward token, wei, as a JSON string */
        post: {
            parameters: {
                query?: {
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description Monotonic id of the staking pool inside the reward pool */
                    pid: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description Amount in wei, as a JSON string */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)); NOT_READY (the service has no data for this chain yet) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pool/{poolAddress}/{pid}/call/user-staked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** P4 — the user's staked amount, wei, as a JSON string */
        post: {
            parameters: {
                query?: {
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description Monotonic id of the staking pool inside the reward pool */
                    pid: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description Amount in wei, as a JSON string */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)); NOT_READY (the service has no data for this chain yet) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pool/{poolAddress}/{pid}/tx/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** P3 — claim pending rewards (422 before the claim delay, with the block it ends) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Monotonic id of the staking pool inside the reward pool */
                    pid: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pool/{poolAddress}/{pid}/tx/stake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** P1 — stake staking tokens (approval first when the allowance falls short) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Monotonic id of the staking pool inside the reward pool */
                    pid: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uint256
                         * @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256
                         */
                        amount: string;
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pool/{poolAddress}/{pid}/tx/unstake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** P2 — unstake staking tokens (422 inside the unstake delay, with the block it ends) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Monotonic id of the staking pool inside the reward pool */
                    pid: number;
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uint256
                         * @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256
                         */
                        amount: string;
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Added — the USD price of every registered token and LP pair of a chain, with where it comes from and its flags */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keyed by token or LP pair address (EIP-55): USD price, where it comes from, and its flags; a token without a price is listed with usd null and priceNote */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                flags?: {
                                    /** @description What was seen, with the figures and the contracts it rests on */
                                    detail: string;
                                    /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                    field: string;
                                    /**
                                     * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                     * @enum {unknown}
                                     */
                                    kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                }[];
                                /** @description The registry's second route (`priceCheck`), priced only to check the first */
                                priceCheck?: {
                                    /** @description |usd − second| / second, percent */
                                    deviationPercent: number | null;
                                    priceSource: {
                                        /** @description The feed or the pair */
                                        address: `0x${string}`;
                                        /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                        ageSeconds: number;
                                        /** @description The block the source was read at */
                                        blockNumber: string;
                                        /** @description A feed's heartbeat: a round older than this does not price */
                                        heartbeatSeconds?: number;
                                        /**
                                         * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                         * @enum {unknown}
                                         */
                                        kind: "feed" | "pair" | "lp";
                                        /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                        liquidityUsd?: number;
                                    };
                                    /** @description The second route's price; null when it has none (nothing is checked) */
                                    usd: number | null;
                                };
                                /** @description Why usd is null */
                                priceNote?: string;
                                /** @description The price's source; null for a token the registry gives no route */
                                priceSource: {
                                    /** @description The feed or the pair */
                                    address: `0x${string}`;
                                    /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                    ageSeconds: number;
                                    /** @description The block the source was read at */
                                    blockNumber: string;
                                    /** @description A feed's heartbeat: a round older than this does not price */
                                    heartbeatSeconds?: number;
                                    /**
                                     * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                     * @enum {unknown}
                                     */
                                    kind: "feed" | "pair" | "lp";
                                    /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                    liquidityUsd?: number;
                                } | null;
                                /** @description USD price of one whole token; null with priceNote when it has none */
                                usd: number | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every configured chain has a node that answered lately (from the health checks; no call is made) and the registry is loaded */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Each configured chain and the highest head its nodes reported */
                            chains: {
                                [key: string]: {
                                    /** @description Decimal block number; "" before the first health check of the chain */
                                    blockNumber: string;
                                };
                            };
                            /** @enum {string} */
                            status: "ready";
                        };
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each chain's head, latest snapshot and node health, for dashboards (no node is called) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chains: {
                                /** @description The block time of the latest snapshot; null before one, or for a chain the service does not know and has not measured yet */
                                blockTime: {
                                    /** @description Seconds per block that APRs and durations are computed with */
                                    seconds: number;
                                    /** @description `measured`: the median spacing of the chain's last 256 blocks (or all it has); `override`: BLOCK_TIME_<id>; `default`: the known chain's usual value, until a measurement exists */
                                    source: "measured" | "override" | "default";
                                } | null;
                                chainId: number;
                                /** @description What the served figures' guards flag at the latest snapshot; null before one */
                                dataHealth: {
                                    /** @description The latest snapshot's block, whose figures these are */
                                    blockNumber: string;
                                    /** @description Flags by kind over every entry (see FlagSchema) */
                                    counts: {
                                        ceiling: number;
                                        jump: number;
                                        "price-check": number;
                                        "stale-feed": number;
                                        "thin-liquidity": number;
                                    };
                                    /** @description Each flagged entry with its flags, as the endpoint serving it gives them */
                                    entries: {
                                        address: string;
                                        /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                        flags: {
                                            /** @description What was seen, with the figures and the contracts it rests on */
                                            detail: string;
                                            /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                            field: string;
                                            /**
                                             * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                             * @enum {unknown}
                                             */
                                            kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                        }[];
                                        /**
                                         * @description Where the entry is served: /vaults, /v2/pools or /prices
                                         * @enum {unknown}
                                         */
                                        kind: "vault" | "pool" | "price";
                                        name: string;
                                    }[];
                                } | null;
                                /** @description The highest head its nodes reported (decimal); null before the first health check */
                                head: string | null;
                                /** @description The event index as the latest snapshot carries it; null without one (no index, or no snapshot yet) */
                                index: {
                                    /** @description Share of the followed contracts' history indexed, percent (100 once it follows the head) */
                                    backfillPercent: number;
                                    /** @description The head the indexer last saw (decimal) */
                                    head: string | null;
                                    /** @description The block through which every followed contract's events are stored (decimal); null before the first pass */
                                    indexedBlock: string | null;
                                    /** @description The chain's lookups are built (once, after its event backfill). Until then answers that read past events (harvests, user history, stakers, compoundings) list none and say the index is still being built */
                                    indexesBuilt: boolean;
                                    /** @description head − indexedBlock */
                                    lagBlocks: number | null;
                                } | null;
                                nodes: {
                                    breakerOpen: boolean;
                                    /** @description Its place in the chain's RPC URLs */
                                    index: number;
                                    /** @description Its head is behind the best by more than RPC_MAX_LAG_BLOCKS */
                                    lagging: boolean;
                                    /** @description Since its last answer, ms */
                                    lastOkAgoMs: number | null;
                                    /** @description The chain id its node answered (eth_chainId) when it is another chain's: out of rotation until it answers this chain's again; else null */
                                    wrongChainId: number | null;
                                }[];
                                /** @description Some node of this chain answered lately and its breaker is closed (a node answering for another chain does not count) */
                                ready: boolean;
                                /** @description Seconds since that snapshot was read or confirmed current */
                                snapshotAgeSeconds: number | null;
                                /** @description The block of the latest snapshot; null before the first */
                                snapshotBlock: string | null;
                                /** @description Older than SNAPSHOT_STALE_AFTER_MS, or none yet: aggregate answers carry `x-stale` */
                                stale: boolean;
                            }[];
                            /** @description The registry checked against each chain's node at start (as `npm run registry -- check` does): its errors and warnings, and what it withheld; null while it runs */
                            registry: {
                                /** @description When the start-time check finished, ISO 8601 */
                                checkedAt: string;
                                errors: {
                                    /** @description The entry's address (checksummed); absent on a row about a whole chain */
                                    address?: string;
                                    chainId: number;
                                    /** @description What was checked (code, decimals, feed, pair route, want, quote into …, family, reward priced) */
                                    check: string;
                                    detail: string;
                                    /** @description The registry entry: its kind, name and address */
                                    entry: string;
                                    /**
                                     * @description What kind of entry the row is about ('chain': the whole chain)
                                     * @enum {unknown}
                                     */
                                    kind: "chain" | "token" | "feed" | "pair" | "vault" | "strategy" | "zap" | "reward pool";
                                    /** @enum {unknown} */
                                    level: "ok" | "warn" | "error";
                                }[];
                                warnings: {
                                    /** @description The entry's address (checksummed); absent on a row about a whole chain */
                                    address?: string;
                                    chainId: number;
                                    /** @description What was checked (code, decimals, feed, pair route, want, quote into …, family, reward priced) */
                                    check: string;
                                    detail: string;
                                    /** @description The registry entry: its kind, name and address */
                                    entry: string;
                                    /**
                                     * @description What kind of entry the row is about ('chain': the whole chain)
                                     * @enum {unknown}
                                     */
                                    kind: "chain" | "token" | "feed" | "pair" | "vault" | "strategy" | "zap" | "reward pool";
                                    /** @enum {unknown} */
                                    level: "ok" | "warn" | "error";
                                }[];
                                /** @description Entries taken out of service for a lasting error (no code, a family that does not answer, a wrong want or decimals, a zap that refuses its vault, a vault whose want is unsound): absent from every answer; requests for them get a 404 saying why */
                                withheld: {
                                    address: string;
                                    chainId: number;
                                    entry: string;
                                    /** @description The lasting check that failed, and what the chain said */
                                    reason: string;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New snapshots (with the answers they changed), harvests, harvestable turns, a user's own actions and reorgs, as they happen
         * @description Server-Sent Events (`text/event-stream`): each event has an `id`, an `event` (its topic) and `data` (JSON).
         *     - `snapshot`: a chain's new snapshot block, with `changed`: the answers (`path`) whose bytes changed, and their new `etag`.
         *     - `harvest`: a vault's new harvest, as `/vaults/{vault}/harvests` lists it (gain, fees, APR).
         *     - `harvestable`: a strategy whose `profitable` turned, with its `/harvestable` entry.
         *     - `user`: an action of `address` (deposit, withdraw, transfer, stake, unstake, claim), as `/users/{address}/history` lists it.
         *     - `reorg`: the event index replaced the blocks after `ancestor`; `answers` names those that moved back.
         *     - `gap` (no id): some events after `Last-Event-ID` are no longer kept; read the answers again.
         *     Reconnect with the `Last-Event-ID` header (EventSource does) to get what was missed, from any replica.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The account whose own actions the `user` events tell */
                    address?: `0x${string}`;
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description Comma-separated topics (snapshot, harvest, harvestable, user, reorg); default every topic (`user` only with `address`) */
                    topics?: string;
                };
                header?: {
                    /** @description The id of the last event the client got: the kept events after it come first (else a `gap` event) */
                    "last-event-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The event stream */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: STREAM_UNAVAILABLE (this replica serves no event stream: an api replica needs REDIS_URL to hear the refresher) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** U3 — metadata (image, name, symbol, decimals) of every registered token of a chain */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keyed by token address (EIP-55); tokens whose metadata cannot be read are left out and listed in the x-omitted-tokens header */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Tokens whose metadata could not be read, comma separated: left out of the answer */
                        "x-omitted-tokens"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                decimals: number;
                                /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                flags?: {
                                    /** @description What was seen, with the figures and the contracts it rests on */
                                    detail: string;
                                    /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                    field: string;
                                    /**
                                     * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                     * @enum {unknown}
                                     */
                                    kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                }[];
                                /** @description Link to the token image ("" when the registry has none) */
                                image: string;
                                name: string;
                                /** @description The registry's second route (`priceCheck`), priced only to check the first */
                                priceCheck?: {
                                    /** @description |usd − second| / second, percent */
                                    deviationPercent: number | null;
                                    priceSource: {
                                        /** @description The feed or the pair */
                                        address: `0x${string}`;
                                        /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                        ageSeconds: number;
                                        /** @description The block the source was read at */
                                        blockNumber: string;
                                        /** @description A feed's heartbeat: a round older than this does not price */
                                        heartbeatSeconds?: number;
                                        /**
                                         * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                         * @enum {unknown}
                                         */
                                        kind: "feed" | "pair" | "lp";
                                        /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                        liquidityUsd?: number;
                                    };
                                    /** @description The second route's price; null when it has none (nothing is checked) */
                                    usd: number | null;
                                };
                                /** @description Why usd is null */
                                priceNote?: string;
                                /** @description The price's source; null for a token the registry gives no route */
                                priceSource: {
                                    /** @description The feed or the pair */
                                    address: `0x${string}`;
                                    /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                    ageSeconds: number;
                                    /** @description The block the source was read at */
                                    blockNumber: string;
                                    /** @description A feed's heartbeat: a round older than this does not price */
                                    heartbeatSeconds?: number;
                                    /**
                                     * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                     * @enum {unknown}
                                     */
                                    kind: "feed" | "pair" | "lp";
                                    /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                    liquidityUsd?: number;
                                } | null;
                                symbol: string;
                                /** @description USD price of one whole token; null with priceNote when it has none */
                                usd: number | null;
                            };
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{address}/staked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** P7 — total staked of a token over every registered pool (of a chain, or of every configured chain) */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Wei staked over every registered pool that could be read (of the chain, or of every configured chain) */
                            totalStaked: string;
                            /** @description Pools (or chains) that could not be read, so what they stake is not counted; 502 when nothing staking the token could be read */
                            warnings: string[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: TOKEN_NOT_FOUND (the token is not known on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tvl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E1 — total value locked over every configured chain, by platform */
        get: {
            parameters: {
                query: {
                    /** @description all: every part; bridge, pool, yield: that part and total */
                    platform: "all" | "bridge" | "pool" | "yield";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description USD held by the registered bridges (platform all, bridge) */
                            bridgeTvl?: number;
                            /** @description USD staked in the reward pools (platform all, pool) */
                            poolTvl?: number;
                            /** @description Sum of the parts returned */
                            total: number;
                            /** @description What could not be priced or read, and so is not counted */
                            warnings: string[];
                            /** @description USD of want held by the vaults (platform all, yield) */
                            yieldTvl?: number;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tvl/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** TVL over time per chain, as recorded by the refresher */
        get: {
            parameters: {
                query: {
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: 24 h before `to`, else before now) */
                    from?: string;
                    /** @description Bucket the series: each series' last point of each hour, day or week (chain time, UTC); `from` then defaults to the first point recorded, not 24 h back. Past the history's retention one point a day is kept */
                    interval?: "1h" | "1d" | "1w";
                    platform: "all" | "bridge" | "pool" | "yield";
                    /** @description Latest block time (default: the newest point) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One point per chain and recorded block, oldest first */
                            points: {
                                /** @description The block the point was recorded at */
                                blockNumber: string;
                                bridgeTvl?: number;
                                chainId: number;
                                poolTvl?: number;
                                /** @description The block's time (chain time), ISO 8601 */
                                takenAt: string;
                                /** @description Sum of the parts returned for the platform */
                                total: number;
                                yieldTvl?: number;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tvl/pool/{poolAddress}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** P6 — USD value locked in a reward pool, in total and per staking token */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description USD value locked in the reward pool */
                            total: number;
                            /** @description Staking tokens that could not be priced (left out of total and of the entries) */
                            warnings: string[];
                        } & {
                            [key: string]: number;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{address}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's deposits, withdrawals, stakes, unstakes and claims (of a chain, or of every chain), newest first, from the event index, each valued at its own block */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: the first action) */
                    from?: string;
                    /** @description How many of the newest actions in the range (default 100) */
                    limit?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                    /** @description Latest block time (default: the newest action) */
                    to?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Newest first */
                            actions: {
                                /** @enum {unknown} */
                                action: "deposit" | "withdraw" | "transfer-in" | "transfer-out" | "stake" | "unstake" | "claim";
                                /** @description In `token`: the vault's want (deposit, withdraw), its shares (transfer-in, transfer-out), the staking token (stake, unstake), the reward token (claim) */
                                amount: string;
                                /** @description The block of the action */
                                block: string;
                                chainId: number;
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                contract: `0x${string}`;
                                /** @description Vault withdrawals: the withdrawal fee, want wei: the burned shares' worth at the vault's totals just before (its block's end plus what left) less what the user received; 0 for ERC-4626, whose event names what the shares paid */
                                fee?: string;
                                /** @description The staking pool (pools) */
                                pid?: number;
                                /** @description Vault actions: the vault's shares minted to the user, burned of theirs, or moved */
                                shares?: string;
                                /** @description The block's timestamp, seconds since the epoch */
                                timestamp: number;
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                token: `0x${string}`;
                                txHash: `0x${string}`;
                                /** @description Vault actions: the amount's worth in want at that block */
                                underlying?: string;
                                /** @description USD value at the prices of the action's own block; null with usdNote when there are none */
                                usd: number | null;
                                usdNote?: string;
                            }[];
                            /** @description What the list may miss (the index has not reached the latest block yet), or chains that did not answer */
                            notes?: string[];
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{address}/pnl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a user made, in dollars: each vault and staking-pool position's cost basis, realized and unrealized gains, the vault's yield, fees paid and rewards, by average cost from the event index */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block the reads were pinned to, when the answer reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain read, when it reads several: chainId=block, comma separated */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Each chain answered, with its sums */
                            chains: {
                                /** @description The block the positions were read at and the actions run through */
                                blockNumber: string;
                                chainId: number;
                                /** @description The block of the prices now: the latest snapshot's */
                                pricesBlock: string;
                                totals: {
                                    /** @description What the positions still held cost; null when a price is missing (notes say which) */
                                    costBasisUsd: number | null;
                                    /** @description Withdrawal fees paid; null when a price is missing (notes say which) */
                                    feesPaidUsd: number | null;
                                    /** @description Rewards pending now; null when a price is missing (notes say which) */
                                    pendingRewardsUsd: number | null;
                                    /** @description realized + unrealized + rewards claimed + rewards pending; null when a price is missing (notes say which) */
                                    pnlUsd: number | null;
                                    /** @description Realized; null when a price is missing (notes say which) */
                                    realizedUsd: number | null;
                                    /** @description Rewards claimed, at their claim blocks; null when a price is missing (notes say which) */
                                    rewardsClaimedUsd: number | null;
                                    /** @description Unrealized; null when a price is missing (notes say which) */
                                    unrealizedUsd: number | null;
                                };
                            }[];
                            /** @description Chains that did not answer: their positions are missing from the totals */
                            notes?: string[];
                            /** @description Every vault and staking pool the user holds or held, chain by chain */
                            positions: {
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                address: `0x${string}`;
                                chainId: number;
                                /** @description What the part still held cost: each deposit, stake and share transfer in at its own block's worth and prices */
                                costBasis: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                                /** @description Vaults: withdrawal fees charged on the user's withdrawals, each at its block's price */
                                feesPaid?: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                                /** @description What the position holds now: the want its shares are worth, or the stake, at the current prices */
                                holding: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                                /** @enum {unknown} */
                                kind: "vault" | "pool";
                                /** @description Why a figure is null */
                                notes?: string[];
                                /** @description Pools: each reward token pending now, at the current prices */
                                pendingRewards?: {
                                    /** @description Reward token, lowest denomination */
                                    amount: string;
                                    /**
                                     * Format: evm-address
                                     * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                     */
                                    token: `0x${string}`;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                }[];
                                /** @description The staking pool (pools) */
                                pid?: number;
                                /** @description realized + unrealized + rewards claimed + rewards pending; null when a price is missing (notes say which) */
                                pnlUsd: number | null;
                                /** @description `token`'s price now, with its source */
                                price: {
                                    /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                    flags?: {
                                        /** @description What was seen, with the figures and the contracts it rests on */
                                        detail: string;
                                        /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                        field: string;
                                        /**
                                         * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                         * @enum {unknown}
                                         */
                                        kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                    }[];
                                    /** @description The registry's second route (`priceCheck`), priced only to check the first */
                                    priceCheck?: {
                                        /** @description |usd − second| / second, percent */
                                        deviationPercent: number | null;
                                        priceSource: {
                                            /** @description The feed or the pair */
                                            address: `0x${string}`;
                                            /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                            ageSeconds: number;
                                            /** @description The block the source was read at */
                                            blockNumber: string;
                                            /** @description A feed's heartbeat: a round older than this does not price */
                                            heartbeatSeconds?: number;
                                            /**
                                             * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                             * @enum {unknown}
                                             */
                                            kind: "feed" | "pair" | "lp";
                                            /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                            liquidityUsd?: number;
                                        };
                                        /** @description The second route's price; null when it has none (nothing is checked) */
                                        usd: number | null;
                                    };
                                    /** @description Why usd is null */
                                    priceNote?: string;
                                    /** @description The price's source; null for a token the registry gives no route */
                                    priceSource: {
                                        /** @description The feed or the pair */
                                        address: `0x${string}`;
                                        /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                        ageSeconds: number;
                                        /** @description The block the source was read at */
                                        blockNumber: string;
                                        /** @description A feed's heartbeat: a round older than this does not price */
                                        heartbeatSeconds?: number;
                                        /**
                                         * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                         * @enum {unknown}
                                         */
                                        kind: "feed" | "pair" | "lp";
                                        /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                        liquidityUsd?: number;
                                    } | null;
                                    /** @description USD price of one whole token; null with priceNote when it has none */
                                    usd: number | null;
                                };
                                /** @description What the token's own price did: realized + unrealized USD less (yield − feesPaid) at the current price; null when a price is missing (notes say which) */
                                priceEffectUsd: number | null;
                                /** @description What withdrawals, unstakes and transfers out took out (at their blocks), less the average cost of what they retired */
                                realized: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                                /** @description Pools: each reward token claimed, at the claim blocks' prices */
                                rewardsClaimed?: {
                                    /** @description Reward token, lowest denomination */
                                    amount: string;
                                    /**
                                     * Format: evm-address
                                     * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                     */
                                    token: `0x${string}`;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                }[];
                                /**
                                 * Format: evm-address
                                 * @description What the amounts are in: the vault's want, the pool's staking token
                                 */
                                token: `0x${string}`;
                                /** @description holding − costBasis */
                                unrealized: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                                /** @description Vaults: want the vault's price per share added while the user held the shares (realized + unrealized + feesPaid); USD at the current price */
                                yield?: {
                                    /** @description In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why) */
                                    amount: string | null;
                                    /** @description USD; null when a price is missing (notes say which) */
                                    usd: number | null;
                                };
                            }[];
                            totals: {
                                /** @description What the positions still held cost; null when a price is missing (notes say which) */
                                costBasisUsd: number | null;
                                /** @description Withdrawal fees paid; null when a price is missing (notes say which) */
                                feesPaidUsd: number | null;
                                /** @description Rewards pending now; null when a price is missing (notes say which) */
                                pendingRewardsUsd: number | null;
                                /** @description realized + unrealized + rewards claimed + rewards pending; null when a price is missing (notes say which) */
                                pnlUsd: number | null;
                                /** @description Realized; null when a price is missing (notes say which) */
                                realizedUsd: number | null;
                                /** @description Rewards claimed, at their claim blocks; null when a price is missing (notes say which) */
                                rewardsClaimedUsd: number | null;
                                /** @description Unrealized; null when a price is missing (notes say which) */
                                unrealizedUsd: number | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{address}/pnl/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's worth, cost basis and PnL over time: one point per hour, day or week from their first action, valued at each point's own block */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: the first action) */
                    from?: string;
                    /** @description The buckets' length, chain time: one point per bucket (default 1d) */
                    interval?: "1h" | "1d" | "1w";
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                    /** @description Latest block time (default: the newest action) */
                    to?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            interval: "1h" | "1d" | "1w";
                            /** @description Why a chain has no points (the event index is being built), or chains that did not answer */
                            notes?: string[];
                            /** @description Oldest first, one per chain and bucket from the user's first action */
                            points: {
                                /** @description The last block the history recorded in the bucket */
                                blockNumber: string;
                                chainId: number;
                                /** @description What those positions cost, each action at its own block; null with note when that block cannot be valued */
                                costBasisUsd: number | null;
                                note?: string;
                                /** @description worth − cost basis + realized + rewards claimed; null with note when that block cannot be valued */
                                pnlUsd: number | null;
                                /** @description Realized through that block; null with note when that block cannot be valued */
                                realizedUsd: number | null;
                                /** @description Rewards claimed through that block, at their claim blocks' prices; null with note when that block cannot be valued */
                                rewardsClaimedUsd: number | null;
                                /** @description The block's timestamp, seconds since the epoch */
                                timestamp: number;
                                /** @description What the positions held then were worth at that block's prices (pending rewards not counted); null with note when that block cannot be valued */
                                worthUsd: number | null;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{address}/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's positions in every registered vault and staking pool (of a chain, or of every chain), read now in one pass per chain */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block the reads were pinned to, when the answer reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain read, when it reads several: chainId=block, comma separated */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every vault and staking pool the user holds something in, chain by chain; none where the user holds nothing */
                            positions: {
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                address: `0x${string}`;
                                /** @description In `token`: the shares' worth in want for a vault (ERC-4626: convertToAssets), the stake for a pool */
                                amount: string;
                                chainId: number;
                                /** @description Vaults: want the user put in less what they took out (deposits, withdrawals, shares received or sent at their worth then), want wei, from the event index; null with depositedNote when it cannot say */
                                deposited?: string | null;
                                depositedNote?: string;
                                /** @description Vaults: amount − deposited, want wei (realized + unrealized of /pnl); a loss within the vault's rounding is 0 */
                                earned?: string | null;
                                /** @enum {unknown} */
                                kind: "vault" | "pool";
                                /** @description Each reward token (pools) */
                                pendingRewards?: {
                                    /** @description Pending, wei */
                                    amount: string;
                                    /**
                                     * Format: evm-address
                                     * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                     */
                                    token: `0x${string}`;
                                }[];
                                /** @description The staking pool (pools) */
                                pid?: number;
                                /** @description The vault's shares the user holds (vaults) */
                                shares?: string;
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                token: `0x${string}`;
                                /** @description USD value of amount at the latest snapshot's prices; null with usdNote when it has none */
                                usd: number | null;
                                usdNote?: string;
                            }[];
                            /** @description Contracts or chains that did not answer: their positions are missing, not zero */
                            warnings?: string[];
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E2 — the V2 reward pools of a chain, with chain data, APR per staking pool and completed APRs */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1, 56, 43114); one of the configured chains. The interface document types E2's chain as a string: in a query string both are the same text */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every reward pool registered on the chain; pools that do not answer are left out and listed in x-omitted-pools; an ended pool whose completedAPR cannot be given has {} and completedAPRNote */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Reward pools that could not be read, comma separated: left out of the answer */
                        "x-omitted-pools"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The reward pool contract */
                            address: `0x${string}`;
                            chaindata: {
                                /** @description Block from which rewards can be claimed */
                                claimDelay: string;
                                /** @description Block at which the pool stops distributing rewards */
                                endBlock: string;
                                /** @description Days between start and end block (up to two decimals), from the chain's block time (measured, or BLOCK_TIME_<id>); a string, as the interface document types it */
                                farmingPeriod: string;
                                /** @description Wei of each reward token per block */
                                rewardPerBlock: string[];
                                /** @description Reward token addresses, in the order of rewardPerBlock and totalReward */
                                rewardToken: `0x${string}`[];
                                /** @description The contract that holds the reward tokens */
                                rewardVault: `0x${string}`;
                                stakingPools: {
                                    /** @description Allocation points of this staking pool */
                                    allocationPoints: string;
                                    /** @description Annual percentage rate, percent (0 with aprNote when there is none) */
                                    apr: number;
                                    /** @description Why apr is 0: "ended", "no stake", no block time yet, or what could not be priced */
                                    aprNote?: string;
                                    /** @description Block after which the deposit cap no longer applies */
                                    capValidUntilBlock: string;
                                    /** @description Decimals of the staking token: a string here, as the interface document types it (the pool-level decimals is a number) */
                                    decimals: string;
                                    /** @description Maximum a user may stake, wei (0 = none) */
                                    depositCap: string;
                                    /** @description Number of distinct accounts whose stake in this staking pool is above zero at the answer's block: the contract's own count (reference pools), else counted from the event index; null with participantsNote while the index has not counted them (never a "0" it does not know) */
                                    participants: string | null;
                                    /** @description Present when the stakers are not counted (the event index has not reached the answer's block yet, or this service keeps none): participants is then null */
                                    participantsNote?: string;
                                    /** @description Monotonic id of the staking pool */
                                    pid: number;
                                    /** @description Staking token address */
                                    stakingToken: `0x${string}`;
                                    /** @description Swap path for a compound pool (token addresses) */
                                    swapPath: `0x${string}`[];
                                    /** @description Total staked, wei */
                                    totalStaked: string;
                                }[];
                                /** @description Block at which the pool starts distributing rewards */
                                startBlock: string;
                                /** @description Sum of the allocation points of the staking pools */
                                totalAllocationPoints: string;
                                /** @description Wei of each reward token over the whole period */
                                totalReward: string[];
                                /** @description Blocks a stake stays locked after it is made */
                                unstakeDelayDuration: string;
                            };
                            /** @description For each ended staking pool (key: pid), the last APR it had before the end block: from the last snapshot before the end, the stored history, or the chain at the block before the end; {} with completedAPRNote when none of these has it */
                            completedAPR: {
                                [key: string]: string;
                            };
                            /** @description Why completedAPR of an ended pool is {} (e.g. a pruned node no longer has the state before its end) */
                            completedAPRNote?: string;
                            compoundEnabled: boolean;
                            /** @description Decimals of the (first) reward token */
                            decimals: number;
                            description: string;
                            /** @description Present when the chain's block time is not known yet: the durations and farmingPeriod are then 0 */
                            durationNote?: string;
                            /** @description Seconds until endBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>) */
                            endBlockDuration: number;
                            /** @description Present when the pool has no end (MasterChef): endBlock, latestUnstakeDelayBlock, farmingPeriod and endBlockDuration are then 0 */
                            endBlockNote?: string;
                            /** @description Present for pools paying per second: rewardPerBlock, startBlock and endBlock are estimates from their rates and timestamps with the chain's block time */
                            estimateNote?: string;
                            fees: {
                                /** @description The contract that keeps the fees */
                                feeManager: `0x${string}`;
                                /** @description Basis points of claimed rewards */
                                protocolFee: number;
                                /** @description Block until which the withdraw penalty applies: a number here, as the interface document types it (other block numbers are strings) */
                                withdrawPenaltyBlock: number;
                                /** @description Basis points of an unstake before withdrawPenaltyBlock */
                                withdrawPenaltyFee: number;
                            };
                            /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                            flags?: {
                                /** @description What was seen, with the figures and the contracts it rests on */
                                detail: string;
                                /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                field: string;
                                /**
                                 * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                 * @enum {unknown}
                                 */
                                kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                            }[];
                            image: string;
                            keywords: string[];
                            /** @description The contract family of the pool (registry `kind`); how each fills these fields is in docs/your-vaults.md, "Reward pool families" */
                            kind?: "reference" | "masterchef" | "staking-rewards" | "multi-rewards";
                            /** @description The last block a stake can still be locked: endBlock − 1 + unstakeDelayDuration */
                            latestUnstakeDelayBlock: string;
                            links: {
                                telegram?: {
                                    /** @description Name of the link */
                                    label: string;
                                    /** @description URL of the link or social account */
                                    url: string;
                                };
                                twitter?: {
                                    /** @description Name of the link */
                                    label: string;
                                    /** @description URL of the link or social account */
                                    url: string;
                                };
                                website?: {
                                    /** @description Name of the link */
                                    label: string;
                                    /** @description URL of the link or social account */
                                    url: string;
                                };
                            };
                            /** @description Smallest allocation point a staking pool of this reward pool may be given (registry data; the interface document does not describe it) */
                            minimumAllocationPoint: number;
                            name: string;
                            /** @description Seconds until startBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>) */
                            startBlockDuration: number;
                            subtitle: string;
                            /** @description Block from which a stake made now can be unstaked */
                            timeLock: string;
                            /** @description The registry's value, passed through unchanged (the interface document does not describe it; the lock that applies on chain is timeLock) */
                            timeLockDuration: number;
                            /** @description USD value of everything staked in the pool (P6 total), at the answer's block; what cannot be priced is named in tvlWarnings, not counted */
                            tvl: number;
                            /** @description Staking tokens of the pool that could not be priced */
                            tvlWarnings?: string[];
                            /** @description Version of the pool list (2) */
                            version: number;
                        }[];
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/pools/{poolAddress}/apr-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** APR over time of a reward pool's staking pools, as recorded by the refresher */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: 24 h before `to`, else before now) */
                    from?: string;
                    /** @description Bucket the series: each series' last point of each hour, day or week (chain time, UTC); `from` then defaults to the first point recorded, not 24 h back. Past the history's retention one point a day is kept */
                    interval?: "1h" | "1d" | "1w";
                    /** @description Latest block time (default: the newest point) */
                    to?: string;
                };
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    poolAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One point per staking pool and recorded block, oldest first */
                            points: {
                                /** @description A fraction a year (0.12 = 12 %): E2's `apr` of that block, which is in percent, over 100 */
                                apr: number;
                                /** @description The block the point was recorded at */
                                blockNumber: string;
                                pid: number;
                                /** @description The block's time (chain time), ISO 8601 */
                                takenAt: string;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: POOL_NOT_FOUND (no reward pool (or pid) is registered at this address on this chain); NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/pools/apr-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** APR over time of every staking pool of every reward pool of a chain, as recorded by the refresher (one request for a list) */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: 24 h before `to`, else before now) */
                    from?: string;
                    /** @description Bucket the series: each series' last point of each hour, day or week (chain time, UTC); `from` then defaults to the first point recorded, not 24 h back. Past the history's retention one point a day is kept */
                    interval?: "1h" | "1d" | "1w";
                    /** @description Latest block time (default: the newest point) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One point per reward pool, staking pool and recorded block, oldest first */
                            points: {
                                /** @description A fraction a year (0.12 = 12 %): E2's `apr` of that block, which is in percent, over 100 */
                                apr: number;
                                /** @description The block the point was recorded at */
                                blockNumber: string;
                                pid: number;
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                pool: `0x${string}`;
                                /** @description The block's time (chain time), ISO 8601 */
                                takenAt: string;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every registered vault (of a chain, or of every chain): family, want, strategy, zaps, price per share, TVL, last harvest and APY */
        get: {
            parameters: {
                query?: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every registered vault (of the chain, or of every configured chain). APY over a window uses the price per share at a block 95 % to 105 % of the window back in chain time (recorded, read from the node, or from the event index), never a shorter span: a few minutes of growth compounded over a year would be absurd */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The vault (EIP-55) */
                            address: `0x${string}`;
                            apy: {
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last day of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "1d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 7 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "7d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 30 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "30d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 90 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "90d": number | null;
                                /** @description A fraction a year, compounded, from the price per share right after the vault's first deposit (apyFrom.inception, from the event index) to now; null with a note when that deposit is not known, or is less than a day old */
                                inception: number | null;
                            };
                            /** @description The forward APY and its parts, as fractions a year (0.12 = 12 %), net of the performance fee: what the vault earns from now on at today's emissions and prices. Null with a note when the fees or their performance total, the strategy's farm, the block time or a price is unknown */
                            apyBreakdown: {
                                /** @description Harvests that added want over the last 30 days of chain time (the event index), scaled to a year; 365 with a note before there are any */
                                compoundingsPerYear: number;
                                /** @description What the strategy's farm pays now a year per dollar staked in it: reward per block × blocks per year (the measured block time) × the reward's price ÷ the USD value of everything staked in the farm; 0 once the farm has nothing left to pay */
                                farmApr: number;
                                /** @description Of each harvest's earnings: fees.performance.total */
                                performanceFee: number;
                                /** @description (1 + vaultApy) × (1 + tradingApr) − 1; null when tradingApr is */
                                totalApy: number | null;
                                /** @description An LP want's trading fees a year: the growth of √(reserve0 × reserve1) per LP token over the last 7 days of chain time (else the last day), × a year ÷ that span; 0 for a want that is no LP pair; null with a note when no reserves that far back are known */
                                tradingApr: number | null;
                                /** @description The block tradingApr is measured from; null when tradingApr is 0 or null */
                                tradingAprFrom: {
                                    blockNumber: string;
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                    /** @enum {unknown} */
                                    window: "7d" | "1d";
                                } | null;
                                /** @description farmApr × (1 − performanceFee): what reaches the depositors */
                                vaultApr: number;
                                /** @description (1 + vaultApr / compoundingsPerYear)^compoundingsPerYear − 1 */
                                vaultApy: number;
                            } | null;
                            apyFrom: {
                                /** @description The block the 1d APY is measured from (within 5 % of the window of 1d back) */
                                "1d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 7d APY is measured from (within 5 % of the window of 7d back) */
                                "7d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 30d APY is measured from (within 5 % of the window of 30d back) */
                                "30d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 90d APY is measured from (within 5 % of the window of 90d back) */
                                "90d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the the vault's first deposit APY is measured from (within 5 % of the window of the vault's first deposit back) */
                                inception: {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                            };
                            chainId: number;
                            /** @description What the vault charges, read from its strategy every few blocks in whichever of Beefy's shapes it has: getAllFees(); else the 2022 getFees() (one FeeCategory struct) with withdrawalFee() over WITHDRAWAL_MAX(); else the 2021 FeeManager's callFee(), beefyFee() and STRATEGIST_FEE() over MAX_FEE(), with totalFee() over MAX_FEE() where it exists (deposit 0 in both earlier shapes). As fractions (0.045 = 4.5 %); a strategy reports the parts as shares of the total (`split`), and they are converted to shares of the earnings. Null with a note for a family that exposes none (ERC-4626), or a strategy that did not report them */
                            fees: {
                                /** @description Of the amount deposited */
                                deposit: number;
                                performance: {
                                    /** @description Of each harvest's earnings, paid to whoever calls harvest; null when `total` is */
                                    call: number | null;
                                    /** @description How the strategy shares its performance fee, as it reports it (they add up to 1): given even when `total` is null */
                                    split: {
                                        /** @description Of the performance fee, to whoever calls harvest */
                                        call: number;
                                        /** @description Of the performance fee, to the strategy's developer */
                                        strategist: number;
                                        /** @description Of the performance fee, to the protocol */
                                        treasury: number;
                                    };
                                    /** @description Of each harvest's earnings, paid to the strategy's developer; null when `total` is */
                                    strategist: number | null;
                                    /** @description Of each harvest's earnings, all parts together: as the strategy reports it (getAllFees(), getFees(), or totalFee() over MAX_FEE()), else the registry entry's `performanceFee` for a strategy that fixes it inside its harvest and exposes no reading of it (Beefy's 2021 FeeManager); null with a note when neither gives it */
                                    total: number | null;
                                    /** @description Of each harvest's earnings, kept by the protocol (Beefy's `beefy` part); null when `total` is */
                                    treasury: number | null;
                                };
                                /** @description Of the amount withdrawn */
                                withdraw: number;
                            } | null;
                            /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                            flags?: {
                                /** @description What was seen, with the figures and the contracts it rests on */
                                detail: string;
                                /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                field: string;
                                /**
                                 * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                 * @enum {unknown}
                                 */
                                kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                            }[];
                            /** @description True when the vault has no registered strategy and holds all of its want in its own contract (the want's `balanceOf(vault)` is its whole total) at the answer's block: nothing is invested, so it earns nothing, and its APYs are 0 for that reason rather than for want of data (`apyBreakdown` is null with a note that says so). False otherwise, and when that balance could not be read */
                            idle: boolean;
                            /**
                             * @description The vault family
                             * @enum {unknown}
                             */
                            kind: "beefy" | "erc4626";
                            /** @description The strategy's last harvest, seconds since the epoch */
                            lastHarvest: number | null;
                            /** @description The two tokens of an LP want (a registered pair); null for any other want */
                            lpTokens: {
                                /** @description EVM address, EIP-55 checksummed */
                                token0: `0x${string}`;
                                /** @description EVM address, EIP-55 checksummed */
                                token1: `0x${string}`;
                            } | null;
                            /** @description The registry's name; else its want's: "A-B LP" for a registered LP pair, the symbol for a token, the address when the chain gives neither */
                            name: string;
                            /** @description Why a figure is null */
                            notes?: string[];
                            /** @description Want per share (raw units) scaled by 1e18: total want × 1e18 / share supply */
                            pricePerShare: string | null;
                            /** @description The vault share token's decimals; null when the chain did not answer */
                            shareDecimals: number | null;
                            /**
                             * @description `retired`: the registry says so (`retired: true`); `paused`: its strategy's `paused()` is true, or an ERC-4626 vault's `maxDeposit` is 0, at the answer's block; else `active`. Deposits and zaps in are refused (422) unless active; withdrawals always work
                             * @enum {unknown}
                             */
                            status: "active" | "paused" | "retired";
                            /** @description Its strategy, when registered */
                            strategy: `0x${string}` | null;
                            /** @description USD value of the want the vault holds */
                            tvl: number | null;
                            /** @description The token it takes (Beefy want, ERC-4626 asset) */
                            want: `0x${string}`;
                            /** @description The want's decimals; null when the chain did not answer */
                            wantDecimals: number | null;
                            /** @description The want's symbol ("A-B LP" for a registered LP pair); null when neither the registry nor the chain gives one */
                            wantSymbol: string | null;
                            zaps: {
                                /** @description The zap (EIP-55) */
                                address: `0x${string}`;
                                /** @description The token zap-in takes when the request names none */
                                defaultTokenIn: `0x${string}`;
                            }[];
                        }[];
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One vault's entry of /vaults with `inputs`: the block, chain values and prices each of its figures was computed from, to compute them again */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One vault's /vaults entry with the chain values and prices its figures were computed from */
                200: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description The block of the snapshot the answer comes from, when it reads one chain */
                        "x-block-number"?: string;
                        /** @description The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…) */
                        "x-block-numbers"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        /** @description Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering) */
                        "x-stale"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The vault (EIP-55) */
                            address: `0x${string}`;
                            apy: {
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last day of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "1d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 7 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "7d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 30 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "30d": number | null;
                                /** @description A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last 90 days of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state) */
                                "90d": number | null;
                                /** @description A fraction a year, compounded, from the price per share right after the vault's first deposit (apyFrom.inception, from the event index) to now; null with a note when that deposit is not known, or is less than a day old */
                                inception: number | null;
                            };
                            /** @description The forward APY and its parts, as fractions a year (0.12 = 12 %), net of the performance fee: what the vault earns from now on at today's emissions and prices. Null with a note when the fees or their performance total, the strategy's farm, the block time or a price is unknown */
                            apyBreakdown: {
                                /** @description Harvests that added want over the last 30 days of chain time (the event index), scaled to a year; 365 with a note before there are any */
                                compoundingsPerYear: number;
                                /** @description What the strategy's farm pays now a year per dollar staked in it: reward per block × blocks per year (the measured block time) × the reward's price ÷ the USD value of everything staked in the farm; 0 once the farm has nothing left to pay */
                                farmApr: number;
                                /** @description Of each harvest's earnings: fees.performance.total */
                                performanceFee: number;
                                /** @description (1 + vaultApy) × (1 + tradingApr) − 1; null when tradingApr is */
                                totalApy: number | null;
                                /** @description An LP want's trading fees a year: the growth of √(reserve0 × reserve1) per LP token over the last 7 days of chain time (else the last day), × a year ÷ that span; 0 for a want that is no LP pair; null with a note when no reserves that far back are known */
                                tradingApr: number | null;
                                /** @description The block tradingApr is measured from; null when tradingApr is 0 or null */
                                tradingAprFrom: {
                                    blockNumber: string;
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                    /** @enum {unknown} */
                                    window: "7d" | "1d";
                                } | null;
                                /** @description farmApr × (1 − performanceFee): what reaches the depositors */
                                vaultApr: number;
                                /** @description (1 + vaultApr / compoundingsPerYear)^compoundingsPerYear − 1 */
                                vaultApy: number;
                            } | null;
                            apyFrom: {
                                /** @description The block the 1d APY is measured from (within 5 % of the window of 1d back) */
                                "1d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 7d APY is measured from (within 5 % of the window of 7d back) */
                                "7d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 30d APY is measured from (within 5 % of the window of 30d back) */
                                "30d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the 90d APY is measured from (within 5 % of the window of 90d back) */
                                "90d": {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                                /** @description The block the the vault's first deposit APY is measured from (within 5 % of the window of the vault's first deposit back) */
                                inception: {
                                    blockNumber: string;
                                    /**
                                     * @description Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds
                                     * @enum {unknown}
                                     */
                                    source: "store" | "node" | "index";
                                    /** @description Seconds since the epoch */
                                    timestamp: number;
                                } | null;
                            };
                            chainId: number;
                            /** @description What the vault charges, read from its strategy every few blocks in whichever of Beefy's shapes it has: getAllFees(); else the 2022 getFees() (one FeeCategory struct) with withdrawalFee() over WITHDRAWAL_MAX(); else the 2021 FeeManager's callFee(), beefyFee() and STRATEGIST_FEE() over MAX_FEE(), with totalFee() over MAX_FEE() where it exists (deposit 0 in both earlier shapes). As fractions (0.045 = 4.5 %); a strategy reports the parts as shares of the total (`split`), and they are converted to shares of the earnings. Null with a note for a family that exposes none (ERC-4626), or a strategy that did not report them */
                            fees: {
                                /** @description Of the amount deposited */
                                deposit: number;
                                performance: {
                                    /** @description Of each harvest's earnings, paid to whoever calls harvest; null when `total` is */
                                    call: number | null;
                                    /** @description How the strategy shares its performance fee, as it reports it (they add up to 1): given even when `total` is null */
                                    split: {
                                        /** @description Of the performance fee, to whoever calls harvest */
                                        call: number;
                                        /** @description Of the performance fee, to the strategy's developer */
                                        strategist: number;
                                        /** @description Of the performance fee, to the protocol */
                                        treasury: number;
                                    };
                                    /** @description Of each harvest's earnings, paid to the strategy's developer; null when `total` is */
                                    strategist: number | null;
                                    /** @description Of each harvest's earnings, all parts together: as the strategy reports it (getAllFees(), getFees(), or totalFee() over MAX_FEE()), else the registry entry's `performanceFee` for a strategy that fixes it inside its harvest and exposes no reading of it (Beefy's 2021 FeeManager); null with a note when neither gives it */
                                    total: number | null;
                                    /** @description Of each harvest's earnings, kept by the protocol (Beefy's `beefy` part); null when `total` is */
                                    treasury: number | null;
                                };
                                /** @description Of the amount withdrawn */
                                withdraw: number;
                            } | null;
                            /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                            flags?: {
                                /** @description What was seen, with the figures and the contracts it rests on */
                                detail: string;
                                /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                field: string;
                                /**
                                 * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                 * @enum {unknown}
                                 */
                                kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                            }[];
                            /** @description True when the vault has no registered strategy and holds all of its want in its own contract (the want's `balanceOf(vault)` is its whole total) at the answer's block: nothing is invested, so it earns nothing, and its APYs are 0 for that reason rather than for want of data (`apyBreakdown` is null with a note that says so). False otherwise, and when that balance could not be read */
                            idle: boolean;
                            inputs: {
                                /** @description The block every value below was read at, unless it names its own */
                                blockNumber: string;
                                /** @description The strategy's farm: farmApr = rewardPerSecond / 10^rewardDecimals × rewardPrice.usd × 31,536,000 ÷ (totalStaked / 10^wantDecimals × wantPrice.usd); null without a strategy or farm */
                                farm: {
                                    /** @description The farm (strategy.farm()) */
                                    address: `0x${string}`;
                                    /** @description Reward wei a second, over every staker */
                                    rewardPerSecond: string;
                                    rewardPrice: {
                                        /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                        flags?: {
                                            /** @description What was seen, with the figures and the contracts it rests on */
                                            detail: string;
                                            /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                            field: string;
                                            /**
                                             * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                             * @enum {unknown}
                                             */
                                            kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                        }[];
                                        /** @description The registry's second route (`priceCheck`), priced only to check the first */
                                        priceCheck?: {
                                            /** @description |usd − second| / second, percent */
                                            deviationPercent: number | null;
                                            priceSource: {
                                                /** @description The feed or the pair */
                                                address: `0x${string}`;
                                                /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                                ageSeconds: number;
                                                /** @description The block the source was read at */
                                                blockNumber: string;
                                                /** @description A feed's heartbeat: a round older than this does not price */
                                                heartbeatSeconds?: number;
                                                /**
                                                 * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                                 * @enum {unknown}
                                                 */
                                                kind: "feed" | "pair" | "lp";
                                                /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                                liquidityUsd?: number;
                                            };
                                            /** @description The second route's price; null when it has none (nothing is checked) */
                                            usd: number | null;
                                        };
                                        /** @description Why usd is null */
                                        priceNote?: string;
                                        /** @description The price's source; null for a token the registry gives no route */
                                        priceSource: {
                                            /** @description The feed or the pair */
                                            address: `0x${string}`;
                                            /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                            ageSeconds: number;
                                            /** @description The block the source was read at */
                                            blockNumber: string;
                                            /** @description A feed's heartbeat: a round older than this does not price */
                                            heartbeatSeconds?: number;
                                            /**
                                             * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                             * @enum {unknown}
                                             */
                                            kind: "feed" | "pair" | "lp";
                                            /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                            liquidityUsd?: number;
                                        } | null;
                                        /** @description USD price of one whole token; null with priceNote when it has none */
                                        usd: number | null;
                                    };
                                    /** @description Reward wei it still holds */
                                    rewardReserve: string;
                                    /** @description What it pays */
                                    rewardToken: `0x${string}`;
                                    /** @description Want wei staked in the farm, the vault among them */
                                    totalStaked: string;
                                } | null;
                                /** @description From the event index: compoundingsPerYear = count × 31,536,000 / spanSeconds; null before the index has counted them (365 is used) */
                                harvests: {
                                    /** @description Harvests that added want over the span */
                                    count: number;
                                    /** @description The span, chain time (30 days, or the vault's life when shorter) */
                                    spanSeconds: number;
                                } | null;
                                /** @description For an LP want: tradingApr = (√(reserve0 × reserve1) / totalSupply now ÷ the same at base − 1) × 31,536,000 / (timestamp − base.timestamp) */
                                pair: {
                                    /** @description The tradingApr base (tradingAprFrom), null when none is known */
                                    base: {
                                        /** @description The block they were read at */
                                        blockNumber: string;
                                        /** @description token0 wei */
                                        reserve0: string;
                                        /** @description token1 wei */
                                        reserve1: string;
                                        /** @description That block's timestamp, seconds */
                                        timestamp: number;
                                        /** @description LP token wei */
                                        totalSupply: string;
                                    } | null;
                                    now: {
                                        /** @description The block they were read at */
                                        blockNumber: string;
                                        /** @description token0 wei */
                                        reserve0: string;
                                        /** @description token1 wei */
                                        reserve1: string;
                                        /** @description That block's timestamp, seconds */
                                        timestamp: number;
                                        /** @description LP token wei */
                                        totalSupply: string;
                                    };
                                } | null;
                                /** @description apy[window] = (pricePerShare / base.pricePerShare)^(31,536,000 / (timestamp − base.timestamp)) − 1, rounded to 8 decimals */
                                pricePerShareAt: {
                                    [key: string]: {
                                        /** @description The base block */
                                        blockNumber: string;
                                        /** @description Want per share × 1e18 at the base block */
                                        pricePerShare: string;
                                        /** @enum {unknown} */
                                        source: "store" | "node" | "index";
                                        /** @description The base block's timestamp, seconds */
                                        timestamp: number;
                                    } | null;
                                };
                                /** @description The reward token's decimals */
                                rewardDecimals: number | null;
                                /** @description That block's timestamp, seconds: the APY windows' spans end here */
                                timestamp: number;
                                /** @description The vault's share supply; pricePerShare = totalWant × 1e18 / totalSupply */
                                totalSupply: string | null;
                                /** @description The vault's want (Beefy balance(), ERC-4626 totalAssets()); tvl = totalWant / 10^wantDecimals × wantPrice.usd */
                                totalWant: string | null;
                                wantPrice: {
                                    /** @description Present when a figure of the entry is flagged: served as it is, never dropped or capped */
                                    flags?: {
                                        /** @description What was seen, with the figures and the contracts it rests on */
                                        detail: string;
                                        /** @description The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...) */
                                        field: string;
                                        /**
                                         * @description `ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer
                                         * @enum {unknown}
                                         */
                                        kind: "ceiling" | "jump" | "price-check" | "thin-liquidity" | "stale-feed";
                                    }[];
                                    /** @description The registry's second route (`priceCheck`), priced only to check the first */
                                    priceCheck?: {
                                        /** @description |usd − second| / second, percent */
                                        deviationPercent: number | null;
                                        priceSource: {
                                            /** @description The feed or the pair */
                                            address: `0x${string}`;
                                            /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                            ageSeconds: number;
                                            /** @description The block the source was read at */
                                            blockNumber: string;
                                            /** @description A feed's heartbeat: a round older than this does not price */
                                            heartbeatSeconds?: number;
                                            /**
                                             * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                             * @enum {unknown}
                                             */
                                            kind: "feed" | "pair" | "lp";
                                            /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                            liquidityUsd?: number;
                                        };
                                        /** @description The second route's price; null when it has none (nothing is checked) */
                                        usd: number | null;
                                    };
                                    /** @description Why usd is null */
                                    priceNote?: string;
                                    /** @description The price's source; null for a token the registry gives no route */
                                    priceSource: {
                                        /** @description The feed or the pair */
                                        address: `0x${string}`;
                                        /** @description Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block */
                                        ageSeconds: number;
                                        /** @description The block the source was read at */
                                        blockNumber: string;
                                        /** @description A feed's heartbeat: a round older than this does not price */
                                        heartbeatSeconds?: number;
                                        /**
                                         * @description `feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves
                                         * @enum {unknown}
                                         */
                                        kind: "feed" | "pair" | "lp";
                                        /** @description USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price */
                                        liquidityUsd?: number;
                                    } | null;
                                    /** @description USD price of one whole token; null with priceNote when it has none */
                                    usd: number | null;
                                };
                            };
                            /**
                             * @description The vault family
                             * @enum {unknown}
                             */
                            kind: "beefy" | "erc4626";
                            /** @description The strategy's last harvest, seconds since the epoch */
                            lastHarvest: number | null;
                            /** @description The two tokens of an LP want (a registered pair); null for any other want */
                            lpTokens: {
                                /** @description EVM address, EIP-55 checksummed */
                                token0: `0x${string}`;
                                /** @description EVM address, EIP-55 checksummed */
                                token1: `0x${string}`;
                            } | null;
                            /** @description The registry's name; else its want's: "A-B LP" for a registered LP pair, the symbol for a token, the address when the chain gives neither */
                            name: string;
                            /** @description Why a figure is null */
                            notes?: string[];
                            /** @description Want per share (raw units) scaled by 1e18: total want × 1e18 / share supply */
                            pricePerShare: string | null;
                            /** @description The vault share token's decimals; null when the chain did not answer */
                            shareDecimals: number | null;
                            /**
                             * @description `retired`: the registry says so (`retired: true`); `paused`: its strategy's `paused()` is true, or an ERC-4626 vault's `maxDeposit` is 0, at the answer's block; else `active`. Deposits and zaps in are refused (422) unless active; withdrawals always work
                             * @enum {unknown}
                             */
                            status: "active" | "paused" | "retired";
                            /** @description Its strategy, when registered */
                            strategy: `0x${string}` | null;
                            /** @description USD value of the want the vault holds */
                            tvl: number | null;
                            /** @description The token it takes (Beefy want, ERC-4626 asset) */
                            want: `0x${string}`;
                            /** @description The want's decimals; null when the chain did not answer */
                            wantDecimals: number | null;
                            /** @description The want's symbol ("A-B LP" for a registered LP pair); null when neither the registry nor the chain gives one */
                            wantSymbol: string | null;
                            zaps: {
                                /** @description The zap (EIP-55) */
                                address: `0x${string}`;
                                /** @description The token zap-in takes when the request names none */
                                defaultTokenIn: `0x${string}`;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet); UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{address}/apy-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A vault's price per share over time, each point with the 1-day APY that led to it, as recorded by the refresher */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: 24 h before `to`, else before now) */
                    from?: string;
                    /** @description Bucket the series: each series' last point of each hour, day or week (chain time, UTC); `from` then defaults to the first point recorded, not 24 h back. Past the history's retention one point a day is kept */
                    interval?: "1h" | "1d" | "1w";
                    /** @description Latest block time (default: the newest point) */
                    to?: string;
                };
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One point per recorded block, oldest first */
                            points: {
                                /** @description The 1-day APY that led to this point, a fraction a year (0.12 = 12 %); null without a point a day before */
                                apy: number | null;
                                /** @description The block the point was recorded at */
                                blockNumber: string;
                                /** @description Want per share scaled by 1e18 */
                                pricePerShare: string;
                                /** @description When it was recorded, ISO 8601 */
                                takenAt: string;
                                /** @description The block's timestamp, seconds (chain time: the range and the APY span use it) */
                                timestamp: number;
                            }[];
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain); NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{address}/harvests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A vault's harvests, newest first, from the chain's own events: who harvested, what it added, and its USD value at that block's prices */
        get: {
            parameters: {
                query: {
                    /** @description Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                    chain: number;
                    /** @description Earliest block time (chain time: the blocks' timestamps; default: the first harvest) */
                    from?: string;
                    /** @description How many of the newest harvests in the range (default 100) */
                    limit?: number;
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                    /** @description Latest block time (default: the newest harvest) */
                    to?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    address: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Newest first */
                            harvests: {
                                /** @description gain / totalWantBefore over the time since the strategy's previous harvest, a year's fraction; null with aprNote */
                                apr: number | null;
                                aprNote?: string;
                                /** @description The block of the harvest */
                                block: string;
                                /** @description Wrapped native wei paid to the harvester; null where the event does not say (Beefy StratHarvest) */
                                callReward: string | null;
                                /** @description What the strategy took from this harvest; null with feesNote when it is not known */
                                fees: {
                                    /** @description To the harvester (or the call-fee recipient it named) */
                                    call: {
                                        /** @description In `token`, lowest denomination */
                                        amount: string;
                                        /** @description At the harvest's block's prices; null when there are none */
                                        usd: number | null;
                                    };
                                    /**
                                     * @description `event`: the strategy's ChargedFees (Beefy); `transfers`: its transfers in the harvest's transaction to the harvester and to the fee recipients it names
                                     * @enum {unknown}
                                     */
                                    source: "event" | "transfers";
                                    /** @description To the strategist */
                                    strategist: {
                                        /** @description In `token`, lowest denomination */
                                        amount: string;
                                        /** @description At the harvest's block's prices; null when there are none */
                                        usd: number | null;
                                    };
                                    /** @description The token the fees moved in (the native token, for Beefy); null when the harvest charged nothing */
                                    token: `0x${string}` | null;
                                    /** @description The three together */
                                    total: {
                                        /** @description In `token`, lowest denomination */
                                        amount: string;
                                        /** @description At the harvest's block's prices; null when there are none */
                                        usd: number | null;
                                    };
                                    /** @description To the protocol's treasury (Beefy's beefyFeeRecipient) */
                                    treasury: {
                                        /** @description In `token`, lowest denomination */
                                        amount: string;
                                        /** @description At the harvest's block's prices; null when there are none */
                                        usd: number | null;
                                    };
                                } | null;
                                feesNote?: string;
                                /** @description Want the harvest added to the vault (want wei): wantHarvested, as the report names it */
                                gain: string;
                                /**
                                 * Format: evm-address
                                 * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                                 */
                                harvester: `0x${string}`;
                                /** @description The block's timestamp, seconds since the epoch */
                                timestamp: number;
                                /** @description The vault's want just before the harvest (want wei): its totals at the block's end less the gain (exact when no later transaction of that block moved the vault); null when that block's totals were not read */
                                totalWantBefore: string | null;
                                txHash: `0x${string}`;
                                /** @description USD value of wantHarvested at the prices of the harvest's own block; null with usdNote when there are none */
                                usd: number | null;
                                usdNote?: string;
                                /** @description Want the harvest added (want wei), as its event says */
                                wantHarvested: string;
                            }[];
                            /** @description The block through which the event index holds the strategy's events; null before it started on it */
                            indexedThrough: string | null;
                            /** @description What the list may miss (the index has not reached the latest block yet) */
                            notes?: string[];
                            /**
                             * Format: evm-address
                             * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                             */
                            strategy: `0x${string}`;
                            /**
                             * Format: evm-address
                             * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                             */
                            vault: `0x${string}`;
                        };
                    };
                };
                /** @description Not Modified: If-None-Match named the current ETag; no body */
                304: {
                    headers: {
                        /** @description Seconds since the chain state behind the answer was read or confirmed current (RFC 9111) */
                        age?: number;
                        /** @description public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale */
                        "cache-control"?: string;
                        /** @description Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged */
                        etag?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain); STRATEGY_NOT_FOUND (no strategy is registered at this address on this chain); NOT_FOUND (no endpoint serves this path) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: NOT_READY (the service has no data for this chain yet) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** U1 — the API version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The API version (of package.json) */
                            version: string;
                        };
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/call/pending-fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y9 — the next harvest's call reward (wrapped native, wei) and its gas; contractAddress is the strategy */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description Optional: the harvester the gas is estimated for
                         */
                        user?: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Wrapped native coin (wei) the next harvest pays its caller */
                            data: string;
                            /** @description Gas of harvest() on this strategy */
                            gas: number;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: STRATEGY_NOT_FOUND (no strategy is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/call/user-deposited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y8 — the user's deposit in want, and the gas of withdrawing it all */
        post: {
            parameters: {
                query?: {
                    /** @description The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same */
                    minBlock?: string;
                };
                header?: {
                    /** @description The same as the minBlock query parameter */
                    "x-min-block-number"?: string;
                };
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The user's deposit in the vault's want, lowest denomination (shares × price per full share) */
                            data: string;
                            /** @description Gas of a withdraw-all for this user; 0 when the deposit is 0 */
                            gas: number;
                            /** @description Present when gas is 0 although there is a deposit: why a withdraw-all would revert now (e.g. the vault is paused) */
                            gasNote?: string;
                            /** @description The user's vault shares */
                            shares: string;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)); NOT_READY (the service has no data for this chain yet) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y1 — deposit want into a vault */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uint256
                         * @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256
                         */
                        amount: string;
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/deposit-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y2 — deposit the user's whole want balance */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: NOTHING_TO_DO (the action would do nothing (no balance, no shares, no rewards)); EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/harvest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y7 — harvest a strategy (contractAddress is the strategy); the sender earns the call reward */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: STRATEGY_NOT_FOUND (no strategy is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y5 — withdraw by underlying (tokenAmount) or by shares (ibtAmount); exactly one */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /** @description Vault shares (the interest-bearing token) to burn; exactly one of tokenAmount and ibtAmount; lowest denomination, decimal digits; absent, "" or "0" counts as not given */
                        ibtAmount?: string;
                        /** @description Want (underlying) to receive at least; exactly one of tokenAmount and ibtAmount; lowest denomination, decimal digits; absent, "" or "0" counts as not given */
                        tokenAmount?: string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: NOTHING_TO_DO (the action would do nothing (no balance, no shares, no rewards)); EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/withdraw-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y6 — withdraw the user's whole deposit */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: NOTHING_TO_DO (the action would do nothing (no balance, no shares, no rewards)); EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/zap-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y3 — zap a token into a vault whose want is an LP token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /** @description Maximum slippage of the zap's swap, in percent (0.5 = half a percent) */
                        slippage: number;
                        /**
                         * Format: evm-address
                         * @description Y3 only: the input token; default the zap's registered input token
                         */
                        tokenIn?: `0x${string}`;
                        /**
                         * Format: uint256
                         * @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256
                         */
                        tokenInAmount: string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        yieldZapAddress: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description How far below the fair value of its input the zap's swap pays, percent (the pool's fee included): fair prices from the price feeds, or from the pair itself when one of its tokens is priced through it (then `priceImpactNote` says so). A zap whose impact exceeds `slippage` is refused (422 PRICE_IMPACT), and so is one whose pair trades off its fair price by more than ZAP_MAX_DEVIATION_PERCENT (422 PRICE_DEVIATION). */
                            priceImpact?: number;
                            /** @description Why the impact is measured against the pair itself, or not measured */
                            priceImpactNote?: string;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain); ZAP_NOT_FOUND (no zap is registered at this address for this vault) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs); PRICE_DEVIATION (the zap's pair trades off the fair price of its tokens by more than the bound: it may be being manipulated); PRICE_IMPACT (the zap's swap would pay further below the fair price than the slippage allowed) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/zap-in-bnb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Y4 — zap the native coin (sent as value) into a vault */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /** @description Maximum slippage of the zap's swap, in percent (0.5 = half a percent) */
                        slippage: number;
                        /**
                         * Format: evm-address
                         * @description Y3 only: the input token; default the zap's registered input token
                         */
                        tokenIn?: `0x${string}`;
                        /**
                         * Format: uint256
                         * @description Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256
                         */
                        tokenInAmount: string;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        yieldZapAddress: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description How far below the fair value of its input the zap's swap pays, percent (the pool's fee included): fair prices from the price feeds, or from the pair itself when one of its tokens is priced through it (then `priceImpactNote` says so). A zap whose impact exceeds `slippage` is refused (422 PRICE_IMPACT), and so is one whose pair trades off its fair price by more than ZAP_MAX_DEVIATION_PERCENT (422 PRICE_DEVIATION). */
                            priceImpact?: number;
                            /** @description Why the impact is measured against the pair itself, or not measured */
                            priceImpactNote?: string;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain); ZAP_NOT_FOUND (no zap is registered at this address for this vault) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs); PRICE_DEVIATION (the zap's pair trades off the fair price of its tokens by more than the bound: it may be being manipulated); PRICE_IMPACT (the zap's swap would pay further below the fair price than the slippage allowed) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/yield/{contractAddress}/tx/zap-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Zap out — burn vault shares into one token of the vault's LP pair, or the native coin */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum */
                    contractAddress: `0x${string}`;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain) */
                        chainId: number | string;
                        /**
                         * Format: uint256
                         * @description Vault shares to burn, lowest denomination (approved to the zap: the answer's `approvals` when needed)
                         */
                        ibtAmount: string;
                        /** @description Maximum slippage of the zap's swap, in percent (0.5 = half a percent) */
                        slippage: number;
                        /** @description What to receive: a token of the vault's LP pair, or "native" for the native coin (the zap unwraps the wrapped native it pays out, so ask for "native" rather than its address) */
                        tokenOut: "native" | `0x${string}`;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        user: `0x${string}`;
                        /**
                         * Format: evm-address
                         * @description EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum
                         */
                        yieldZapAddress: `0x${string}`;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description The block every chain read of the answer was pinned to */
                        "x-block-number"?: string;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short */
                            approvals?: {
                                /** @description The chain to send it on */
                                chainId: number;
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The user who signs and sends it (EIP-55) */
                                from: `0x${string}`;
                                /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                                gas: number;
                                /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                                gasPrice?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                                maxFeePerGas?: `0x${string}`;
                                /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                                maxPriorityFeePerGas?: `0x${string}`;
                                /** @description The contract to send to (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                                value?: `0x${string}`;
                            }[];
                            /** @description The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do. */
                            calls: {
                                /** @description Call data, 0x-prefixed hex */
                                data: `0x${string}`;
                                /** @description The contract to call (EIP-55) */
                                to: `0x${string}`;
                                /** @description Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it */
                                value: `0x${string}`;
                            }[];
                            /** @description The chain to send it on */
                            chainId: number;
                            /** @description Call data, 0x-prefixed hex */
                            data: `0x${string}`;
                            /** @description The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender. */
                            expected: {
                                /**
                                 * @description Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block
                                 * @enum {boolean}
                                 */
                                accrues?: true;
                                /** @description The change in its lowest denomination: negative for what is spent, positive for what is received */
                                delta: string;
                                /** @description The token whose balance changes, or `native` for the chain coin */
                                token: `0x${string}` | "native";
                            }[];
                            /** @description The user who signs and sends it (EIP-55) */
                            from: `0x${string}`;
                            /** @description Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay) */
                            gas: number;
                            /** @description Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node */
                            gasPrice?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction */
                            maxFeePerGas?: `0x${string}`;
                            /** @description Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain */
                            maxPriorityFeePerGas?: `0x${string}`;
                            /** @description How far below the fair value of its input the zap's swap pays, percent (the pool's fee included): fair prices from the price feeds, or from the pair itself when one of its tokens is priced through it (then `priceImpactNote` says so). A zap whose impact exceeds `slippage` is refused (422 PRICE_IMPACT), and so is one whose pair trades off its fair price by more than ZAP_MAX_DEVIATION_PERCENT (422 PRICE_DEVIATION). */
                            priceImpact?: number;
                            /** @description Why the impact is measured against the pair itself, or not measured */
                            priceImpactNote?: string;
                            /** @description The least the zap's swap of the pair's other token may pay in tokenOut (lowest denomination) before the zap reverts: the swap as simulated at x-block-number, less `slippage`. The rest of tokenOut comes straight from the removed liquidity, unswapped; `expected` shows the whole amount at that block */
                            swapMinimumOut: string;
                            /** @description The contract to send to (EIP-55) */
                            to: `0x${string}`;
                            /** @description Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse) */
                            value?: `0x${string}`;
                        };
                    };
                };
                /** @description Bad Request: INVALID_REQUEST (a field is missing, unknown or breaks its rule); INVALID_JSON (the body is not valid JSON); INVALID_ADDRESS (an address is malformed or has a bad checksum); UNSUPPORTED_CHAIN (the chain id is not configured); INVALID_AMOUNT (an amount is not a whole number in the lowest denomination) */
                400: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: VAULT_NOT_FOUND (no vault is registered at this address on this chain); ZAP_NOT_FOUND (no zap is registered at this address for this vault) */
                404: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Content Too Large: PAYLOAD_TOO_LARGE (the body is larger than 16 KiB) */
                413: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported Media Type: UNSUPPORTED_MEDIA_TYPE (the body is not application/json) */
                415: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable Content: EXECUTION_REVERTED (the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)); INSUFFICIENT_FUNDS (the user lacks the tokens, shares, stake or native coin the action needs); PRICE_DEVIATION (the zap's pair trades off the fair price of its tokens by more than the bound: it may be being manipulated); PRICE_IMPACT (the zap's swap would pay further below the fair price than the slippage allowed) */
                422: {
                    headers: {
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: RATE_LIMITED (too many requests from this client) */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Bad Gateway: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                502: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: UPSTREAM_UNAVAILABLE (the chain nodes did not answer in time, or answered with an error (502)) */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying (RFC 9110) */
                        "retry-after"?: number;
                        /** @description Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem */
                        "x-request-id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            /**
             * @description Stable upper-case error code clients branch on; each operation lists the codes it answers with, per status
             * @enum {unknown}
             */
            code: "INVALID_REQUEST" | "INVALID_ADDRESS" | "INVALID_AMOUNT" | "INVALID_JSON" | "BAD_URL" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "HEADERS_TOO_LARGE" | "UNSUPPORTED_CHAIN" | "NOT_FOUND" | "VAULT_NOT_FOUND" | "STRATEGY_NOT_FOUND" | "ZAP_NOT_FOUND" | "POOL_NOT_FOUND" | "TOKEN_NOT_FOUND" | "EXECUTION_REVERTED" | "VAULT_PAUSED" | "VAULT_RETIRED" | "NOTHING_TO_DO" | "INSUFFICIENT_FUNDS" | "PRICE_DEVIATION" | "PRICE_IMPACT" | "PRICE_UNAVAILABLE" | "RATE_LIMITED" | "INTERNAL" | "UPSTREAM_UNAVAILABLE" | "NOT_READY" | "STREAM_UNAVAILABLE";
            /** @description What went wrong and, where possible, what to do */
            detail: string;
            /** @description Validation problems: JSON pointer of the field (/body/amount, /querystring/chain, /params/pid) and the rule it breaks, in words */
            errors?: {
                message: string;
                path: string;
            }[];
            /** @description The request URL */
            instance?: string;
            /** @description The x-request-id of the answer: quote it when reporting a problem */
            requestId?: string;
            /** @description Seconds to wait before retrying, as in the retry-after header */
            retryAfterSeconds?: number;
            /** @description The decoded revert of a transaction that would fail */
            revert?: {
                /** @description The decoded arguments of the custom error */
                args: unknown;
                message: string;
                /** @description Custom error name, or Error for a revert string */
                name: string;
            };
            /** @description The HTTP status */
            status: number;
            /** @description The HTTP status, in words */
            title: string;
            /** @description URI reference naming the problem type (one per code) */
            type: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
