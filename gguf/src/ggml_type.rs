/// Element encodings of ggml tensors, with the ids GGUF stores.
///
/// Ids that ggml has retired (4, 5, 31-33, 36-38) are deliberately absent: a file using one is
/// rejected as unknown rather than misread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub enum GgmlType {
    F32,
    F16,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q8_1,
    Q2_K,
    Q3_K,
    Q4_K,
    Q5_K,
    Q6_K,
    Q8_K,
    IQ2_XXS,
    IQ2_XS,
    IQ3_XXS,
    IQ1_S,
    IQ4_NL,
    IQ3_S,
    IQ2_S,
    IQ4_XS,
    I8,
    I16,
    I32,
    I64,
    F64,
    IQ1_M,
    BF16,
    TQ1_0,
    TQ2_0,
    MXFP4,
    NVFP4,
    Q1_0,
}

/// (type, id, elements per block, bytes per block)
const TABLE: &[(GgmlType, u32, u64, u64)] = {
    use GgmlType::*;
    &[
        (F32, 0, 1, 4),
        (F16, 1, 1, 2),
        (Q4_0, 2, 32, 18),
        (Q4_1, 3, 32, 20),
        (Q5_0, 6, 32, 22),
        (Q5_1, 7, 32, 24),
        (Q8_0, 8, 32, 34),
        // ggml's block_q8_1 holds two f16 (d, s) before the 32 quants.
        (Q8_1, 9, 32, 36),
        (Q2_K, 10, 256, 84),
        (Q3_K, 11, 256, 110),
        (Q4_K, 12, 256, 144),
        (Q5_K, 13, 256, 176),
        (Q6_K, 14, 256, 210),
        (Q8_K, 15, 256, 292),
        (IQ2_XXS, 16, 256, 66),
        (IQ2_XS, 17, 256, 74),
        (IQ3_XXS, 18, 256, 98),
        (IQ1_S, 19, 256, 50),
        (IQ4_NL, 20, 32, 18),
        (IQ3_S, 21, 256, 110),
        (IQ2_S, 22, 256, 82),
        (IQ4_XS, 23, 256, 136),
        (I8, 24, 1, 1),
        (I16, 25, 1, 2),
        (I32, 26, 1, 4),
        (I64, 27, 1, 8),
        (F64, 28, 1, 8),
        (IQ1_M, 29, 256, 56),
        (BF16, 30, 1, 2),
        (TQ1_0, 34, 256, 54),
        (TQ2_0, 35, 256, 66),
        (MXFP4, 39, 32, 17),
        (NVFP4, 40, 64, 36),
        (Q1_0, 41, 128, 18),
    ]
};

impl GgmlType {
    fn row(self) -> &'static (GgmlType, u32, u64, u64) {
        TABLE
            .iter()
            .find(|r| r.0 == self)
            .expect("every variant has a table row")
    }

    pub fn from_id(id: u32) -> Option<Self> {
        TABLE.iter().find(|r| r.1 == id).map(|r| r.0)
    }

    pub fn id(self) -> u32 {
        self.row().1
    }

    /// Elements encoded together in one block (1 for plain scalar types).
    pub fn block_size(self) -> u64 {
        self.row().2
    }

    /// Bytes one block occupies.
    pub fn type_size(self) -> u64 {
        self.row().3
    }

    /// Bytes needed for `n_elements` elements, or None when they do not fill whole blocks or
    /// the size overflows.
    pub fn bytes_for(self, n_elements: u64) -> Option<u64> {
        let blocks = n_elements / self.block_size();
        if blocks * self.block_size() != n_elements {
            return None;
        }
        blocks.checked_mul(self.type_size())
    }

    pub fn name(self) -> &'static str {
        use GgmlType::*;
        match self {
            F32 => "F32",
            F16 => "F16",
            Q4_0 => "Q4_0",
            Q4_1 => "Q4_1",
            Q5_0 => "Q5_0",
            Q5_1 => "Q5_1",
            Q8_0 => "Q8_0",
            Q8_1 => "Q8_1",
            Q2_K => "Q2_K",
            Q3_K => "Q3_K",
            Q4_K => "Q4_K",
            Q5_K => "Q5_K",
            Q6_K => "Q6_K",
            Q8_K => "Q8_K",
            IQ2_XXS => "IQ2_XXS",
            IQ2_XS => "IQ2_XS",
            IQ3_XXS => "IQ3_XXS",
            IQ1_S => "IQ1_S",
            IQ4_NL => "IQ4_NL",
            IQ3_S => "IQ3_S",
            IQ2_S => "IQ2_S",
            IQ4_XS => "IQ4_XS",
            I8 => "I8",
            I16 => "I16",
            I32 => "I32",
            I64 => "I64",
            F64 => "F64",
            IQ1_M => "IQ1_M",
            BF16 => "BF16",
            TQ1_0 => "TQ1_0",
            TQ2_0 => "TQ2_0",
            MXFP4 => "MXFP4",
            NVFP4 => "NVFP4",
            Q1_0 => "Q1_0",
        }
    }
}

impl std::fmt::Display for GgmlType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_retired_ids_are_unknown() {
        for row in TABLE {
            assert_eq!(GgmlType::from_id(row.1), Some(row.0));
            assert_eq!(row.0.id(), row.1);
        }
        for retired in [4, 5, 31, 32, 33, 36, 37, 38, 1000] {
            assert_eq!(GgmlType::from_id(retired), None);
        }
    }

    #[test]
    fn sizes_follow_block_layouts() {
        assert_eq!(GgmlType::Q4_1.bytes_for(64), Some(40));
        assert_eq!(GgmlType::Q6_K.bytes_for(512), Some(420));
        assert_eq!(GgmlType::F16.bytes_for(3), Some(6));
        assert_eq!(GgmlType::Q8_0.bytes_for(33), None);
        assert_eq!(GgmlType::F32.bytes_for(u64::MAX), None);
    }
}
