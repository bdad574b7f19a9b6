// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Minimal external interfaces the reference contracts call. Kept in one file so every
/// contract speaks to Uniswap V2 and to each other through the same declarations.

interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IUniswapV2PairLike {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function burn(address to) external returns (uint256 amount0, uint256 amount1);
}

interface IUniswapV2RouterLike {
    function factory() external view returns (address);
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) external pure returns (uint256);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity);
}

interface IStrategyLike {
    function vault() external view returns (address);
    function want() external view returns (address);
    function balanceOf() external view returns (uint256);
    function deposit() external;
    function withdraw(uint256 amount) external;
}

interface IBeefyVaultLike {
    function want() external view returns (address);
    function deposit(uint256 amount) external;
    function withdraw(uint256 shares) external;
}
