// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IBeefyVaultLike, IUniswapV2PairLike, IUniswapV2RouterLike, IWrappedNative} from "./Interfaces.sol";

/// @notice One-token entry into vaults whose want is a Uniswap V2 pair: swaps the optimal part
///         of the input into the other side, adds liquidity and deposits the LP. Works for both
///         Beefy-style vaults (`want()`) and ERC-4626 vaults (`asset()`).
contract UniswapV2Zap {
    using SafeERC20 for IERC20;

    IUniswapV2RouterLike public immutable router;
    address public immutable wrappedNative;

    error ZeroAmount();
    error TokenNotInPair(address token, address pair);
    error InsufficientOutputAmount(uint256 amountOut, uint256 amountOutMin);
    error NotAV2Pair(address want);

    constructor(address router_, address wrappedNative_) {
        router = IUniswapV2RouterLike(router_);
        wrappedNative = wrappedNative_;
    }

    /// @notice Zaps `tokenInAmount` of `tokenIn` (token wei) into `vault`; `tokenAmountOutMin`
    ///         bounds the output (wei of the other pair token) of the internal swap.
    function beefIn(address vault, uint256 tokenAmountOutMin, address tokenIn, uint256 tokenInAmount) external {
        if (tokenInAmount == 0) revert ZeroAmount();
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), tokenInAmount);
        _swapAndDeposit(vault, tokenAmountOutMin, tokenIn, tokenInAmount);
    }

    /// @notice Same as beefIn with native coin (wei) wrapped first.
    function beefInETH(address vault, uint256 tokenAmountOutMin) external payable {
        if (msg.value == 0) revert ZeroAmount();
        IWrappedNative(wrappedNative).deposit{value: msg.value}();
        _swapAndDeposit(vault, tokenAmountOutMin, wrappedNative, msg.value);
    }

    /// @notice How much of `fullInvestmentIn` (token wei) the zap swaps, and what it gets back.
    function estimateSwap(address vault, address tokenIn, uint256 fullInvestmentIn)
        public
        view
        returns (uint256 swapAmountIn, uint256 swapAmountOut, address swapTokenOut)
    {
        (address pair,) = _wantOf(vault);
        (uint256 reserveIn, uint256 reserveOut, address tokenOut) = _reserves(pair, tokenIn);
        swapAmountIn = _optimalSwapIn(fullInvestmentIn, reserveIn);
        swapAmountOut = router.getAmountOut(swapAmountIn, reserveIn, reserveOut);
        swapTokenOut = tokenOut;
    }

    function _swapAndDeposit(address vault, uint256 tokenAmountOutMin, address tokenIn, uint256 amountIn) private {
        (address pair, bool isBeefy) = _wantOf(vault);
        (uint256 swapIn, uint256 swapOut, address tokenOut) = estimateSwap(vault, tokenIn, amountIn);
        if (swapOut < tokenAmountOutMin) revert InsufficientOutputAmount(swapOut, tokenAmountOutMin);

        address[] memory path = new address[](2);
        path[0] = tokenIn;
        path[1] = tokenOut;
        IERC20(tokenIn).forceApprove(address(router), amountIn);
        uint256[] memory amounts =
            router.swapExactTokensForTokens(swapIn, tokenAmountOutMin, path, address(this), block.timestamp);

        IERC20(tokenOut).forceApprove(address(router), amounts[1]);
        (,, uint256 liquidity) = router.addLiquidity(
            tokenIn, tokenOut, amountIn - swapIn, amounts[1], 1, 1, address(this), block.timestamp
        );

        IERC20(pair).forceApprove(vault, liquidity);
        if (isBeefy) {
            IBeefyVaultLike(vault).deposit(liquidity);
            IERC20(vault).safeTransfer(msg.sender, IERC20(vault).balanceOf(address(this)));
        } else {
            IERC4626(vault).deposit(liquidity, msg.sender);
        }
        _returnDust(tokenIn);
        _returnDust(tokenOut);
    }

    function _returnDust(address token) private {
        uint256 dust = IERC20(token).balanceOf(address(this));
        if (dust > 0) IERC20(token).safeTransfer(msg.sender, dust);
    }

    /// Beefy vaults expose `want()`, ERC-4626 vaults `asset()`; the first that answers wins.
    function _wantOf(address vault) private view returns (address want, bool isBeefy) {
        try IBeefyVaultLike(vault).want() returns (address w) {
            return (w, true);
        } catch {
            return (IERC4626(vault).asset(), false);
        }
    }

    function _reserves(address pair, address tokenIn)
        private
        view
        returns (uint256 reserveIn, uint256 reserveOut, address tokenOut)
    {
        address token0;
        address token1;
        try IUniswapV2PairLike(pair).token0() returns (address t0) {
            token0 = t0;
            token1 = IUniswapV2PairLike(pair).token1();
        } catch {
            revert NotAV2Pair(pair);
        }
        (uint112 r0, uint112 r1,) = IUniswapV2PairLike(pair).getReserves();
        if (tokenIn == token0) return (r0, r1, token1);
        if (tokenIn == token1) return (r1, r0, token0);
        revert TokenNotInPair(tokenIn, pair);
    }

    /// Amount to swap so that, after the 0.3% fee, the two halves match the pool ratio:
    /// solves s^2*997 + s*1997*R - A*R*1000 = 0 for s.
    function _optimalSwapIn(uint256 amountIn, uint256 reserveIn) private pure returns (uint256) {
        return (Math.sqrt(reserveIn * (reserveIn * 3988009 + amountIn * 3988000)) - reserveIn * 1997) / 1994;
    }
}
