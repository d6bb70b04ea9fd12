//! The form a module takes for where it will run: module-level compile targets, for targets
//! iree-compile 3.13 cannot name by flag, and what a backend cannot lower.

use crate::hlo::Module;

/// How a module is written for where it runs; each compile target maps to exactly one (see
/// `docs/architecture.md#iree-flags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ModuleForm {
    /// No target in the module: iree-compile's flags choose it.
    #[default]
    Generic,
    /// CUDA sm_90 spelled out, since `--iree-cuda-target=sm_90` fails in 3.13 (iree-org/iree#22147).
    CudaSm90,
    /// Metal (chosen by flag): argmax as one two-operand reduce, as the select/min form needs
    /// workgroup memory of index type that IREE's Metal backend cannot lower.
    Metal,
}

const SM90_ALIAS: &str = "#sm90 = #hal.executable.target<\"cuda\", \"cuda-nvptx-fb\", {iree_codegen.target_info = #iree_gpu.target<arch = \"sm_90\", features = \"+ptx80\", wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [<NV_MMA_SYNC_F32_16x8x16_F16>, <NV_MMA_SYNC_F16_16x8x16_F16>, <NV_MMA_SYNC_F32_16x8x16_BF16>, <NV_WMMA_F32_16x16x16_F16>, <NV_WMMA_F16_16x16x16_F16>], subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 232448, max_workgroup_counts = [2147483647, 65535, 65535]>>}>";

impl ModuleForm {
    pub fn apply(self, module: &mut Module) {
        if self == ModuleForm::CudaSm90 {
            module.aliases.push(SM90_ALIAS.to_string());
            module.attributes = Some(
                "hal.device.targets = [#hal.device.target<\"cuda\", [#sm90]> : !hal.device]".into(),
            );
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "generic" => Some(ModuleForm::Generic),
            "cuda-sm90" => Some(ModuleForm::CudaSm90),
            "metal" => Some(ModuleForm::Metal),
            _ => None,
        }
    }

    /// Whether the sampling head may skip a filter no row uses with `stablehlo.if`. Metal
    /// cannot: inside the branch IREE forms row reductions that need more workgroup memory
    /// than Metal's 32 KiB (measured at V = 49152), so there every filter always runs.
    pub fn branch_on_filters(self) -> bool {
        self != ModuleForm::Metal
    }

    /// Whether argmax must be the two-operand (value, index) reduce.
    pub fn pairwise_argmax(self) -> bool {
        self == ModuleForm::Metal
    }
}
