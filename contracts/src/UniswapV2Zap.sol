// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IBeefyVaultLike, IUniswapV2PairLike, IUniswapV2RouterLike, IWrappedNative} from "./Interfaces.sol";

/// @notice One-token entry into and exit from vaults whose want is a Uniswap V2 pair. In: swaps
///         the optimal part of the input into the other side, adds liquidity and deposits the LP.
///         Out (Beefy's `beefOut` / `beefOutAndSwap`): takes the caller's shares (approved to the
///         zap), withdraws, removes the liquidity and pays out both tokens, or swaps one side into
///         the other; wrapped native is paid out unwrapped, as Beefy's zap does. Works for both
///         Beefy-style vaults (`want()`) and ERC-4626 vaults (`asset()`).
contract UniswapV2Zap {
    using SafeERC20 for IERC20;

    IUniswapV2RouterLike public immutable router;
    address public immutable wrappedNative;

    error ZeroAmount();
    error TokenNotInPair(address token, address pair);
    error InsufficientOutputAmount(uint256 amountOut, uint256 amountOutMin);
    error NotAV2Pair(address want);
    error NativeTransferFailed();

    /// The wrapped native's `withdraw` pays the zap in native coin.
    receive() external payable {}

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

    /// @notice Burns `withdrawAmount` of the caller's `vault` shares and pays out both tokens of
    ///         the pair the withdrawn LP held (wrapped native unwrapped).
    function beefOut(address vault, uint256 withdrawAmount) external {
        address pair = _withdrawAndRemove(vault, withdrawAmount);
        _returnAssets(IUniswapV2PairLike(pair).token0());
        _returnAssets(IUniswapV2PairLike(pair).token1());
    }

    /// @notice Same as beefOut, the other token swapped into `desiredToken` (a token of the pair);
    ///         reverts when that swap pays less than `desiredTokenOutMin` (token wei), as Beefy's does.
    function beefOutAndSwap(address vault, uint256 withdrawAmount, address desiredToken, uint256 desiredTokenOutMin) external {
        address pair = _withdrawAndRemove(vault, withdrawAmount);
        (,, address swapToken) = _reserves(pair, desiredToken);
        address[] memory path = new address[](2);
        path[0] = swapToken;
        path[1] = desiredToken;
        uint256 amountIn = IERC20(swapToken).balanceOf(address(this));
        IERC20(swapToken).forceApprove(address(router), amountIn);
        router.swapExactTokensForTokens(amountIn, desiredTokenOutMin, path, address(this), block.timestamp);
        _returnAssets(swapToken);
        _returnAssets(desiredToken);
    }

    /// Takes the caller's shares, withdraws the LP and burns it for its two tokens; returns the pair.
    function _withdrawAndRemove(address vault, uint256 withdrawAmount) private returns (address pair) {
        if (withdrawAmount == 0) revert ZeroAmount();
        bool isBeefy;
        (pair, isBeefy) = _wantOf(vault);
        if (isBeefy) {
            IERC20(vault).safeTransferFrom(msg.sender, address(this), withdrawAmount);
            IBeefyVaultLike(vault).withdraw(withdrawAmount);
        } else {
            IERC4626(vault).redeem(withdrawAmount, address(this), msg.sender);
        }
        uint256 liquidity = IERC20(pair).balanceOf(address(this));
        IERC20(pair).safeTransfer(pair, liquidity);
        IUniswapV2PairLike(pair).burn(address(this));
    }

    /// Pays the zap's whole balance of `token` to the caller, the wrapped native as native coin.
    function _returnAssets(address token) private {
        uint256 balance = IERC20(token).balanceOf(address(this));
        if (balance == 0) return;
        if (token != wrappedNative) return IERC20(token).safeTransfer(msg.sender, balance);
        IWrappedNative(wrappedNative).withdraw(balance);
        (bool sent,) = msg.sender.call{value: balance}("");
        if (!sent) revert NativeTransferFailed();
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
