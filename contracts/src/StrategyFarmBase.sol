// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {RewardFarm} from "./RewardFarm.sol";
import {IUniswapV2PairLike, IUniswapV2RouterLike} from "./Interfaces.sol";

/// A fee category as Beefy's fee configurator gives one: `total` a share of each harvest
/// (1e18 = all of it); `beefy`, `call` and `strategist` shares of that total (1e18 = all of it).
/// The same six members in the same order as Beefy's `IFeeConfig.FeeCategory`, so a return of it
/// encodes to the same bytes.
struct FeeCategory {
    uint256 total;
    uint256 beefy;
    uint256 call;
    uint256 strategist;
    string label;
    bool active;
}

/// Every fee of a strategy in the shape of Beefy's current `getAllFees()`: the performance fee's
/// category, and the deposit and withdrawal fees in basis points of WITHDRAWAL_MAX.
struct AllFees {
    FeeCategory performance;
    uint256 deposit;
    uint256 withdraw;
}

/// @notice Reference strategy for both vault families: stakes `want` in a RewardFarm and, on
///         harvest, turns the wrapped-native reward into more `want` through Uniswap V2. Its
///         deployer (Beefy's keeper) can pause it as Beefy's strategies are paused: no deposits
///         and no harvests while paused, withdrawals always. How it reports its fees is left to
///         the three shapes Beefy's strategies have had: `getAllFees()`, the current fee
///         configurator's (StrategyFarmBeefy, and StrategyFarm behind the ERC-4626 vaults),
///         StrategyFarmOldFees (`getFees()`, the 2022 StratFeeManager's) and
///         StrategyFarmFeeManager (public `callFee()`, `beefyFee()`, `STRATEGIST_FEE()` of
///         `MAX_FEE()`, the 2021 FeeManager's). How it logs its harvests is left to hooks: the
///         reference strategy's `Harvested` here, Beefy's events in BeefyHarvestLog and BeefyFeeLog.
abstract contract StrategyFarmBase is Pausable {
    using SafeERC20 for IERC20;

    /// Total harvest fee, in basis points of the harvested reward.
    uint256 public constant HARVEST_FEE_BPS = 450;
    /// Share of the harvest fee paid to whoever calls harvest (1/9 of it, i.e. 0.5% of the reward).
    uint256 public constant CALL_FEE_BPS = 50;
    uint256 internal constant BPS = 10_000;
    /// Denominator of `withdrawalFee` (basis points), as Beefy's strategies name it.
    uint256 public constant WITHDRAWAL_MAX = 10_000;
    /// Highest withdrawal fee a strategy accepts: 0.5%, Beefy's cap.
    uint256 public constant WITHDRAWAL_FEE_CAP = 50;

    address public immutable want;
    address public immutable native;
    RewardFarm public immutable farm;
    IUniswapV2RouterLike public immutable router;
    address public immutable feeRecipient;
    bool public immutable wantIsLp;
    /// Basis points (of `WITHDRAWAL_MAX`) kept from every withdrawal the vault pulls; Beefy's default is 10 (0.1%).
    uint256 public immutable withdrawalFee;
    address private immutable _deployer;

    address public vault;
    uint256 public lastHarvest;
    address[] private _toWantRoute; // native -> want, or native -> lp token0
    address[] private _toLp1Route; // native -> lp token1

    event Harvested(address indexed caller, uint256 reward, uint256 callFee, uint256 wantAdded);
    /// `amount` want (token wei) went to the vault; `fee` want stayed in the strategy.
    event Withdrawn(uint256 amount, uint256 fee);

    error NotVault(address caller);
    error VaultAlreadySet();
    error NotDeployer();
    error BadRoute();
    error WithdrawalFeeTooHigh(uint256 fee, uint256 cap);

    /// @param toWantRoute native->want (single-token want) or native->token0 (LP want); [native] or empty if no swap is needed.
    /// @param toLp1Route native->token1 for an LP want; ignored otherwise.
    /// @param withdrawalFee_ basis points kept from each withdrawal (10 = Beefy's 0.1%); at most
    ///        WITHDRAWAL_FEE_CAP. 0 for a vault that must pay out exactly what it asks for (ERC-4626).
    constructor(
        address want_,
        address farm_,
        address router_,
        address feeRecipient_,
        bool wantIsLp_,
        address[] memory toWantRoute,
        address[] memory toLp1Route,
        uint256 withdrawalFee_
    ) {
        if (withdrawalFee_ > WITHDRAWAL_FEE_CAP) revert WithdrawalFeeTooHigh(withdrawalFee_, WITHDRAWAL_FEE_CAP);
        withdrawalFee = withdrawalFee_;
        want = want_;
        farm = RewardFarm(farm_);
        native = address(RewardFarm(farm_).rewardToken());
        router = IUniswapV2RouterLike(router_);
        feeRecipient = feeRecipient_;
        wantIsLp = wantIsLp_;
        _deployer = msg.sender;
        _toWantRoute = toWantRoute;
        _toLp1Route = toLp1Route;
        if (wantIsLp_) {
            _checkRoute(toWantRoute, IUniswapV2PairLike(want_).token0());
            _checkRoute(toLp1Route, IUniswapV2PairLike(want_).token1());
        } else {
            _checkRoute(toWantRoute, want_);
        }
        IERC20(want_).forceApprove(farm_, type(uint256).max);
        IERC20(native).forceApprove(router_, type(uint256).max);
        if (wantIsLp_) {
            // Standing approvals: an exact approval of a side that is the wrapped native would
            // shrink the native allowance the next harvest's swaps rely on.
            IERC20(IUniswapV2PairLike(want_).token0()).forceApprove(router_, type(uint256).max);
            IERC20(IUniswapV2PairLike(want_).token1()).forceApprove(router_, type(uint256).max);
        }
        lastHarvest = block.timestamp;
    }

    /// @notice Binds the strategy to its vault once; vault and strategy reference each other,
    ///         so one of them has to learn the other after deployment.
    function setVault(address vault_) external {
        if (msg.sender != _deployer) revert NotDeployer();
        if (vault != address(0)) revert VaultAlreadySet();
        vault = vault_;
    }

    /// @notice Want (token wei) held by the strategy plus staked in the farm.
    function balanceOf() public view returns (uint256) {
        return IERC20(want).balanceOf(address(this)) + farm.staked(address(this));
    }

    /// @notice Wrapped native (wei) the next harvest would pay its caller at the current block.
    function callReward() external view returns (uint256) {
        (, uint256 callFee) = _harvestFees(farm.pendingReward(address(this)));
        return callFee;
    }

    /// @notice Stops deposits and harvests (the keeper's, as Beefy's `pause()`); withdrawals go on.
    function pause() external {
        if (msg.sender != _deployer) revert NotDeployer();
        _pause();
    }

    /// @notice Lets deposits and harvests run again.
    function unpause() external {
        if (msg.sender != _deployer) revert NotDeployer();
        _unpause();
    }

    /// @notice Stakes every idle want in the farm; the vault pushes want first, then calls this.
    function deposit() public whenNotPaused {
        uint256 idle = IERC20(want).balanceOf(address(this));
        if (idle > 0) farm.deposit(idle);
    }

    /// @notice Sends `amount` want (token wei) back to the vault, minus the withdrawal fee, which
    ///         stays in the strategy for the remaining depositors (as Beefy's strategies do).
    function withdraw(uint256 amount) external {
        if (msg.sender != vault) revert NotVault(msg.sender);
        uint256 idle = IERC20(want).balanceOf(address(this));
        if (idle < amount) farm.withdraw(amount - idle);
        uint256 fee = (amount * withdrawalFee) / WITHDRAWAL_MAX;
        IERC20(want).safeTransfer(vault, amount - fee);
        emit Withdrawn(amount - fee, fee);
    }

    /// @notice Claims the farm reward, pays fees and compounds the rest into want. Never reverts
    ///         just because nothing accrued.
    function harvest() external whenNotPaused {
        uint256 before = IERC20(native).balanceOf(address(this));
        farm.claim();
        uint256 reward = IERC20(native).balanceOf(address(this)) - before;
        if (reward == 0) {
            _harvestedNothing();
            return;
        }
        (uint256 fee, uint256 callFee) = _harvestFees(reward);
        IERC20(native).safeTransfer(msg.sender, callFee);
        IERC20(native).safeTransfer(feeRecipient, fee - callFee);
        _chargedFees(callFee, fee - callFee);

        uint256 wantBefore = balanceOf();
        _compound(reward - fee);
        // The want the harvest made, still in the strategy: what Beefy's strategies call wantHarvested.
        uint256 wantHarvested = IERC20(want).balanceOf(address(this));
        deposit();
        lastHarvest = block.timestamp;
        _harvested(reward, callFee, balanceOf() - wantBefore, wantHarvested);
    }

    /// @notice After a harvest paid `callFee` to its caller and `treasuryFee` to the fee recipient
    ///         (wrapped native, wei): the reference strategy logs that in its Harvested event.
    function _chargedFees(uint256 callFee, uint256 treasuryFee) internal virtual {}

    /// @notice A harvest that found no reward: the reference strategy logs it and counts it as its
    ///         last harvest.
    function _harvestedNothing() internal virtual {
        lastHarvest = block.timestamp;
        emit Harvested(msg.sender, 0, 0, 0);
    }

    /// @notice Logs a harvest that sold `reward` (wrapped native, wei), paid its caller `callFee`
    ///         and added `wantAdded` want to the vault's (`wantHarvested` before it was staked).
    function _harvested(uint256 reward, uint256 callFee, uint256 wantAdded, uint256 /* wantHarvested */) internal virtual {
        emit Harvested(msg.sender, reward, callFee, wantAdded);
    }

    /// @notice This strategy's fees as Beefy's current strategies report theirs (`getAllFees()`,
    ///         for the shapes that have it): the harvest fee as a share of the reward, the caller's
    ///         part and the rest (the fee recipient's) as shares of it, no strategist fee, no
    ///         deposit fee, the withdrawal fee.
    function _allFees() internal view returns (AllFees memory) {
        return AllFees(_performanceFees(), 0, withdrawalFee);
    }

    /// @notice The harvest fee as one FeeCategory: `total` a share of each harvest (1e18 = all
    ///         of it); `beefy`, `call` and `strategist` shares of that total on the same scale.
    function _performanceFees() internal pure returns (FeeCategory memory) {
        uint256 call = (CALL_FEE_BPS * 1e18) / HARVEST_FEE_BPS;
        return FeeCategory((HARVEST_FEE_BPS * 1e18) / BPS, 1e18 - call, call, 0, "devnet", true);
    }

    /// @notice What a harvest of `reward` (wrapped native, wei) keeps as fees, and the caller's
    ///         part of them. A shape whose fees are set otherwise (the 2021 FeeManager's shares of
    ///         MAX_FEE) charges what it reports, so its harvests and its reads agree.
    function _harvestFees(uint256 reward) internal view virtual returns (uint256 fee, uint256 callFee) {
        return ((reward * HARVEST_FEE_BPS) / BPS, (reward * CALL_FEE_BPS) / BPS);
    }

    function _compound(uint256 amount) private {
        if (!wantIsLp) {
            _swap(amount, _toWantRoute);
            return;
        }
        uint256 half = amount / 2;
        uint256 amount0 = _swap(half, _toWantRoute);
        uint256 amount1 = _swap(amount - half, _toLp1Route);
        address token0 = IUniswapV2PairLike(want).token0();
        address token1 = IUniswapV2PairLike(want).token1();
        router.addLiquidity(token0, token1, amount0, amount1, 1, 1, address(this), block.timestamp);
    }

    /// Swaps along `route` (starting at native); a route of length < 2 means "already there".
    function _swap(uint256 amount, address[] memory route) private returns (uint256) {
        if (route.length < 2 || amount == 0) return amount;
        uint256[] memory out = router.swapExactTokensForTokens(amount, 1, route, address(this), block.timestamp);
        return out[out.length - 1];
    }

    function _checkRoute(address[] memory route, address target) private view {
        if (route.length == 0) {
            if (target != native) revert BadRoute();
            return;
        }
        if (route[0] != native || route[route.length - 1] != target) revert BadRoute();
    }
}
