module @model {
  util.global private @model.embed_tokens.weight = #flow.parameter.named<"model"::"model.embed_tokens.weight"> : tensor<512x64xf32>
  util.global private @model.layers.0.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.0.input_layernorm.weight"> : tensor<64xf32>
  util.global private @model.layers.0.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.q_proj.weight"> : tensor<64x64xf32>
  util.global private @model.layers.0.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.k_proj.weight"> : tensor<32x64xf32>
  util.global private @model.layers.0.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.v_proj.weight"> : tensor<32x64xf32>
  util.global private @model.layers.0.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.o_proj.weight"> : tensor<64x64xf32>
  util.global private @model.layers.0.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.0.post_attention_layernorm.weight"> : tensor<64xf32>
  util.global private @model.layers.0.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.gate_proj.weight"> : tensor<128x64xf32>
  util.global private @model.layers.0.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.up_proj.weight"> : tensor<128x64xf32>
  util.global private @model.layers.0.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.down_proj.weight"> : tensor<64x128xf32>
  util.global private @model.layers.1.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.1.input_layernorm.weight"> : tensor<64xf32>
  util.global private @model.layers.1.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.q_proj.weight"> : tensor<64x64xf32>
  util.global private @model.layers.1.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.k_proj.weight"> : tensor<32x64xf32>
  util.global private @model.layers.1.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.v_proj.weight"> : tensor<32x64xf32>
  util.global private @model.layers.1.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.o_proj.weight"> : tensor<64x64xf32>
  util.global private @model.layers.1.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.1.post_attention_layernorm.weight"> : tensor<64xf32>
  util.global private @model.layers.1.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.gate_proj.weight"> : tensor<128x64xf32>
  util.global private @model.layers.1.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.up_proj.weight"> : tensor<128x64xf32>
  util.global private @model.layers.1.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.down_proj.weight"> : tensor<64x128xf32>
  util.global private @model.norm.weight = #flow.parameter.named<"model"::"model.norm.weight"> : tensor<64xf32>
  util.global private @lm_head.weight = #flow.parameter.named<"model"::"lm_head.weight"> : tensor<512x64xf32>
  util.global private mutable @cache.layers.0.k = dense<0x00000000> : tensor<5x64x2x16xf32>
  util.global private mutable @cache.layers.0.v = dense<0x00000001> : tensor<5x64x2x16xf32>
  util.global private mutable @cache.layers.1.k = dense<0x00000002> : tensor<5x64x2x16xf32>
  util.global private mutable @cache.layers.1.v = dense<0x00000003> : tensor<5x64x2x16xf32>

  func.func private @layer_prefill_t8_w64(%x: tensor<64x8xf32>, %cos: tensor<8x8xf32>, %sin: tensor<8x8xf32>, %kv_index: tensor<8x2xi32>, %query_pos: tensor<1x16xi32>, %slot: tensor<1x1xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x8xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x8xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<8xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<8xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<8xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<8xf32>) -> tensor<64x8xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x8xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x8xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x8xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x8xf32>) -> tensor<64x8xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x8xf32>) -> tensor<32x8xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x8xf32>) -> tensor<32x8xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x8xf32>) -> tensor<4x2x8x8xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:8] : (tensor<4x2x8x8xf32>) -> tensor<4x1x8x8xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:8] : (tensor<4x2x8x8xf32>) -> tensor<4x1x8x8xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x8xf32>) -> tensor<4x1x8x8xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x8xf32>) -> tensor<4x1x8x8xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x8xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x8xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x8xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x8xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x8xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x8xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x8xf32>, tensor<4x1x8x8xf32>) -> tensor<4x2x8x8xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x8xf32>) -> tensor<64x8xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x8xf32>) -> tensor<2x2x8x8xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:8] : (tensor<2x2x8x8xf32>) -> tensor<2x1x8x8xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:8] : (tensor<2x2x8x8xf32>) -> tensor<2x1x8x8xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x8xf32>) -> tensor<2x1x8x8xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x8xf32>) -> tensor<2x1x8x8xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x8xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x8xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x8xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x8xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x8xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x8xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>) -> tensor<2x2x8x8xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x8xf32>) -> tensor<32x8xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x8xf32>) -> tensor<2x16x8xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x8xf32>) -> tensor<8x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<8x2xi32>, tensor<8x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x8xf32>) -> tensor<2x16x8xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x8xf32>) -> tensor<8x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<8x2xi32>, tensor<8x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x16xi32>) -> tensor<1x16x64xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x16x64xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x16x64xi32>, tensor<1x16x64xi32>) -> tensor<1x16x64xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x8xf32>) -> tensor<2x2x16x8xf32>
    %v53 = stablehlo.transpose %v52, dims = [0, 1, 3, 2] : (tensor<2x2x16x8xf32>) -> tensor<2x2x8x16xf32>
    %v54 = stablehlo.reshape %v53 : (tensor<2x2x8x16xf32>) -> tensor<1x2x16x16xf32>
    %v55 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1x16x64xf32>
    %v57 = stablehlo.slice %v54 [0:1, 0:1, 0:16, 0:16] : (tensor<1x2x16x16xf32>) -> tensor<1x1x16x16xf32>
    %v58 = stablehlo.reshape %v57 : (tensor<1x1x16x16xf32>) -> tensor<1x16x16xf32>
    %v59 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v60 = stablehlo.concatenate %slot, %v59, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v61 = "stablehlo.gather"(%v45, %v60) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v62 = stablehlo.reshape %v61 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v63 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v64 = stablehlo.concatenate %slot, %v63, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v65 = "stablehlo.gather"(%v48, %v64) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v66 = stablehlo.reshape %v65 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v67 = stablehlo.reshape %v58 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
    %v68 = stablehlo.reshape %v62 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v69 = stablehlo.dot_general %v67, %v68, contracting_dims = [1] x [1] : (tensor<16x16xf32>, tensor<64x16xf32>) -> tensor<16x64xf32>
    %v70 = stablehlo.reshape %v69 : (tensor<16x64xf32>) -> tensor<1x16x64xf32>
    %v71 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [] : (tensor<f32>) -> tensor<1x16x64xf32>
    %v73 = stablehlo.multiply %v70, %v72 : tensor<1x16x64xf32>
    %v74 = stablehlo.select %v51, %v73, %v56 : tensor<1x16x64xi1>, tensor<1x16x64xf32>
    %v75 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.maximum across dimensions = [2] : (tensor<1x16x64xf32>, tensor<f32>) -> tensor<1x16xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<1x16x64xf32>
    %v78 = stablehlo.subtract %v74, %v77 : tensor<1x16x64xf32>
    %v79 = stablehlo.exponential %v78 : tensor<1x16x64xf32>
    %v80 = stablehlo.constant dense<0.0> : tensor<f32>
    %v81 = stablehlo.reduce(%v79 init: %v80) applies stablehlo.add across dimensions = [2] : (tensor<1x16x64xf32>, tensor<f32>) -> tensor<1x16xf32>
    %v82 = stablehlo.broadcast_in_dim %v81, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<1x16x64xf32>
    %v83 = stablehlo.divide %v79, %v82 : tensor<1x16x64xf32>
    %v84 = stablehlo.reshape %v83 : (tensor<1x16x64xf32>) -> tensor<16x64xf32>
    %v85 = stablehlo.reshape %v66 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v86 = stablehlo.dot_general %v84, %v85, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x16xf32>) -> tensor<16x16xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
    %v88 = stablehlo.reshape %v87 : (tensor<1x16x16xf32>) -> tensor<1x1x16x16xf32>
    %v89 = stablehlo.slice %v54 [0:1, 1:2, 0:16, 0:16] : (tensor<1x2x16x16xf32>) -> tensor<1x1x16x16xf32>
    %v90 = stablehlo.reshape %v89 : (tensor<1x1x16x16xf32>) -> tensor<1x16x16xf32>
    %v91 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v92 = stablehlo.concatenate %slot, %v91, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v93 = "stablehlo.gather"(%v45, %v92) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v94 = stablehlo.reshape %v93 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v95 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v96 = stablehlo.concatenate %slot, %v95, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v97 = "stablehlo.gather"(%v48, %v96) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v98 = stablehlo.reshape %v97 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v99 = stablehlo.reshape %v90 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
    %v100 = stablehlo.reshape %v94 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v101 = stablehlo.dot_general %v99, %v100, contracting_dims = [1] x [1] : (tensor<16x16xf32>, tensor<64x16xf32>) -> tensor<16x64xf32>
    %v102 = stablehlo.reshape %v101 : (tensor<16x64xf32>) -> tensor<1x16x64xf32>
    %v103 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v104 = stablehlo.broadcast_in_dim %v103, dims = [] : (tensor<f32>) -> tensor<1x16x64xf32>
    %v105 = stablehlo.multiply %v102, %v104 : tensor<1x16x64xf32>
    %v106 = stablehlo.select %v51, %v105, %v56 : tensor<1x16x64xi1>, tensor<1x16x64xf32>
    %v107 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v108 = stablehlo.reduce(%v106 init: %v107) applies stablehlo.maximum across dimensions = [2] : (tensor<1x16x64xf32>, tensor<f32>) -> tensor<1x16xf32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<1x16x64xf32>
    %v110 = stablehlo.subtract %v106, %v109 : tensor<1x16x64xf32>
    %v111 = stablehlo.exponential %v110 : tensor<1x16x64xf32>
    %v112 = stablehlo.constant dense<0.0> : tensor<f32>
    %v113 = stablehlo.reduce(%v111 init: %v112) applies stablehlo.add across dimensions = [2] : (tensor<1x16x64xf32>, tensor<f32>) -> tensor<1x16xf32>
    %v114 = stablehlo.broadcast_in_dim %v113, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<1x16x64xf32>
    %v115 = stablehlo.divide %v111, %v114 : tensor<1x16x64xf32>
    %v116 = stablehlo.reshape %v115 : (tensor<1x16x64xf32>) -> tensor<16x64xf32>
    %v117 = stablehlo.reshape %v98 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v118 = stablehlo.dot_general %v116, %v117, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x16xf32>) -> tensor<16x16xf32>
    %v119 = stablehlo.reshape %v118 : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
    %v120 = stablehlo.reshape %v119 : (tensor<1x16x16xf32>) -> tensor<1x1x16x16xf32>
    %v121 = stablehlo.concatenate %v88, %v120, dim = 1 : (tensor<1x1x16x16xf32>, tensor<1x1x16x16xf32>) -> tensor<1x2x16x16xf32>
    %v122 = stablehlo.reshape %v121 : (tensor<1x2x16x16xf32>) -> tensor<2x2x8x16xf32>
    %v123 = stablehlo.transpose %v122, dims = [0, 1, 3, 2] : (tensor<2x2x8x16xf32>) -> tensor<2x2x16x8xf32>
    %v124 = stablehlo.reshape %v123 : (tensor<2x2x16x8xf32>) -> tensor<64x8xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x8xf32>) -> tensor<64x8xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<64x8xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<64x8xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<64x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v130 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<8xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<8xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<8xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<8xf32>) -> tensor<64x8xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<64x8xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x8xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<64x8xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x8xf32>) -> tensor<128x8xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x8xf32>) -> tensor<128x8xf32>
    %v143 = stablehlo.logistic %v141 : tensor<128x8xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<128x8xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<128x8xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x8xf32>) -> tensor<64x8xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<64x8xf32>
    return %v147, %v45, %v48 : tensor<64x8xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_prefill_t8_w64(%tokens: tensor<8xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<64x1xf32> {
    %v0 = stablehlo.iota dim = 0 : tensor<8xi32>
    %v1 = stablehlo.broadcast_in_dim %start, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v2 = stablehlo.add %v0, %v1 : tensor<8xi32>
    %v3 = stablehlo.broadcast_in_dim %len, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v4 = stablehlo.compare LT, %v0, %v3, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %v5 = stablehlo.broadcast_in_dim %slot, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v6 = stablehlo.constant dense<4> : tensor<i32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v8 = stablehlo.select %v4, %v5, %v7 : tensor<8xi1>, tensor<8xi32>
    %v9 = stablehlo.select %v4, %v2, %v0 : tensor<8xi1>, tensor<8xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v11 = stablehlo.reshape %v9 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v12 = stablehlo.concatenate %v10, %v11, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
    %v13 = stablehlo.broadcast_in_dim %v2, dims = [2] : (tensor<8xi32>) -> tensor<1x2x8xi32>
    %v14 = stablehlo.reshape %v13 : (tensor<1x2x8xi32>) -> tensor<1x16xi32>
    %v15 = stablehlo.reshape %slot : (tensor<i32>) -> tensor<1x1xi32>
    %v16 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v17 = stablehlo.broadcast_in_dim %v16, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
    %v18 = stablehlo.convert %v2 : (tensor<8xi32>) -> tensor<8xf32>
    %v19 = stablehlo.broadcast_in_dim %v18, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
    %v20 = stablehlo.multiply %v19, %v17 : tensor<8x8xf32>
    %v21 = stablehlo.cosine %v20 : tensor<8x8xf32>
    %v22 = stablehlo.sine %v20 : tensor<8x8xf32>
    %v23 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v24 = stablehlo.reshape %tokens : (tensor<8xi32>) -> tensor<8x1xi32>
    %v25 = "stablehlo.gather"(%v23, %v24) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<8x1xi32>) -> tensor<8x64xf32>
    %v26 = stablehlo.transpose %v25, dims = [1, 0] : (tensor<8x64xf32>) -> tensor<64x8xf32>
    %v27 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v28 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v29 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v32 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v33 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v34 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v35 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v36 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v37 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v38:3 = call @layer_prefill_t8_w64(%v26, %v21, %v22, %v12, %v14, %v15, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34, %v35, %v36, %v37) : (tensor<64x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x2xi32>, tensor<1x16xi32>, tensor<1x1xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x8xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v38#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v38#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v39 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v40 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v41 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v44 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v45 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v46 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v47 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v48 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v49 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v50:3 = call @layer_prefill_t8_w64(%v38#0, %v21, %v22, %v12, %v14, %v15, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46, %v47, %v48, %v49) : (tensor<64x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x2xi32>, tensor<1x16xi32>, tensor<1x1xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x8xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v50#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v50#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v51 = stablehlo.constant dense<1> : tensor<i32>
    %v52 = stablehlo.subtract %len, %v51 : tensor<i32>
    %v53 = stablehlo.reshape %v52 : (tensor<i32>) -> tensor<1x1xi32>
    %v54 = "stablehlo.gather"(%v50#0, %v53) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 64, 1>} : (tensor<64x8xf32>, tensor<1x1xi32>) -> tensor<1x64xf32>
    %v55 = stablehlo.reshape %v54 : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v56 = util.global.load @model.norm.weight : tensor<64xf32>
    %v57 = stablehlo.multiply %v55, %v55 : tensor<64x1xf32>
    %v58 = stablehlo.constant dense<0.0> : tensor<f32>
    %v59 = stablehlo.reduce(%v57 init: %v58) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v60 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v61 = stablehlo.broadcast_in_dim %v60, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v62 = stablehlo.divide %v59, %v61 : tensor<1xf32>
    %v63 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v65 = stablehlo.add %v62, %v64 : tensor<1xf32>
    %v66 = stablehlo.rsqrt %v65 : tensor<1xf32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v68 = stablehlo.multiply %v55, %v67 : tensor<64x1xf32>
    %v69 = stablehlo.broadcast_in_dim %v56, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v70 = stablehlo.multiply %v68, %v69 : tensor<64x1xf32>
    return %v70 : tensor<64x1xf32>
  }

  func.func @prefill_logits_t8(%tokens: tensor<8xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<512xf32> {
    %v0 = call @forward_prefill_t8_w64(%tokens, %start, %len, %slot) : (tensor<8xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.reshape %v2 : (tensor<512x1xf32>) -> tensor<512xf32>
    return %v3 : tensor<512xf32>
  }

  func.func @prefill_argmax_t8(%tokens: tensor<8xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<i32> {
    %v0 = call @forward_prefill_t8_w64(%tokens, %start, %len, %slot) : (tensor<8xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<512x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x1xf32>, tensor<512x1xf32>) -> tensor<512x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x1xi1>, tensor<512x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x1xi32>, tensor<i32>) -> tensor<1xi32>
    %v13 = stablehlo.reshape %v12 : (tensor<1xi32>) -> tensor<i32>
    return %v13 : tensor<i32>
  }

  func.func private @layer_prefill_t16_w64(%x: tensor<64x16xf32>, %cos: tensor<8x16xf32>, %sin: tensor<8x16xf32>, %kv_index: tensor<16x2xi32>, %query_pos: tensor<1x32xi32>, %slot: tensor<1x1xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x16xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x16xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<16xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<16xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<16xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<16xf32>) -> tensor<64x16xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x16xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x16xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x16xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x16xf32>) -> tensor<64x16xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x16xf32>) -> tensor<4x2x8x16xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:16] : (tensor<4x2x8x16xf32>) -> tensor<4x1x8x16xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:16] : (tensor<4x2x8x16xf32>) -> tensor<4x1x8x16xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x16xf32>) -> tensor<4x1x8x16xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x16xf32>) -> tensor<4x1x8x16xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x16xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x16xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x16xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x16xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x16xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x16xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x16xf32>, tensor<4x1x8x16xf32>) -> tensor<4x2x8x16xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x16xf32>) -> tensor<64x16xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x16xf32>) -> tensor<2x2x8x16xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:16] : (tensor<2x2x8x16xf32>) -> tensor<2x1x8x16xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:16] : (tensor<2x2x8x16xf32>) -> tensor<2x1x8x16xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x16xf32>) -> tensor<2x1x8x16xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x16xf32>) -> tensor<2x1x8x16xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x16xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x16xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x16xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x16xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x16xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x16xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x16xf32>, tensor<2x1x8x16xf32>) -> tensor<2x2x8x16xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x16xf32>) -> tensor<32x16xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x16xf32>) -> tensor<2x16x16xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<16x2xi32>, tensor<16x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x16xf32>) -> tensor<2x16x16xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<16x2xi32>, tensor<16x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x32xi32>) -> tensor<1x32x64xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x32x64xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x32x64xi32>, tensor<1x32x64xi32>) -> tensor<1x32x64xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x16xf32>) -> tensor<2x2x16x16xf32>
    %v53 = stablehlo.transpose %v52, dims = [0, 1, 3, 2] : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %v54 = stablehlo.reshape %v53 : (tensor<2x2x16x16xf32>) -> tensor<1x2x32x16xf32>
    %v55 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1x32x64xf32>
    %v57 = stablehlo.slice %v54 [0:1, 0:1, 0:32, 0:16] : (tensor<1x2x32x16xf32>) -> tensor<1x1x32x16xf32>
    %v58 = stablehlo.reshape %v57 : (tensor<1x1x32x16xf32>) -> tensor<1x32x16xf32>
    %v59 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v60 = stablehlo.concatenate %slot, %v59, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v61 = "stablehlo.gather"(%v45, %v60) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v62 = stablehlo.reshape %v61 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v63 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v64 = stablehlo.concatenate %slot, %v63, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v65 = "stablehlo.gather"(%v48, %v64) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v66 = stablehlo.reshape %v65 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v67 = stablehlo.reshape %v58 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v68 = stablehlo.reshape %v62 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v69 = stablehlo.dot_general %v67, %v68, contracting_dims = [1] x [1] : (tensor<32x16xf32>, tensor<64x16xf32>) -> tensor<32x64xf32>
    %v70 = stablehlo.reshape %v69 : (tensor<32x64xf32>) -> tensor<1x32x64xf32>
    %v71 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [] : (tensor<f32>) -> tensor<1x32x64xf32>
    %v73 = stablehlo.multiply %v70, %v72 : tensor<1x32x64xf32>
    %v74 = stablehlo.select %v51, %v73, %v56 : tensor<1x32x64xi1>, tensor<1x32x64xf32>
    %v75 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.maximum across dimensions = [2] : (tensor<1x32x64xf32>, tensor<f32>) -> tensor<1x32xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x64xf32>
    %v78 = stablehlo.subtract %v74, %v77 : tensor<1x32x64xf32>
    %v79 = stablehlo.exponential %v78 : tensor<1x32x64xf32>
    %v80 = stablehlo.constant dense<0.0> : tensor<f32>
    %v81 = stablehlo.reduce(%v79 init: %v80) applies stablehlo.add across dimensions = [2] : (tensor<1x32x64xf32>, tensor<f32>) -> tensor<1x32xf32>
    %v82 = stablehlo.broadcast_in_dim %v81, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x64xf32>
    %v83 = stablehlo.divide %v79, %v82 : tensor<1x32x64xf32>
    %v84 = stablehlo.reshape %v83 : (tensor<1x32x64xf32>) -> tensor<32x64xf32>
    %v85 = stablehlo.reshape %v66 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v86 = stablehlo.dot_general %v84, %v85, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<32x16xf32>) -> tensor<1x32x16xf32>
    %v88 = stablehlo.reshape %v87 : (tensor<1x32x16xf32>) -> tensor<1x1x32x16xf32>
    %v89 = stablehlo.slice %v54 [0:1, 1:2, 0:32, 0:16] : (tensor<1x2x32x16xf32>) -> tensor<1x1x32x16xf32>
    %v90 = stablehlo.reshape %v89 : (tensor<1x1x32x16xf32>) -> tensor<1x32x16xf32>
    %v91 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v92 = stablehlo.concatenate %slot, %v91, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v93 = "stablehlo.gather"(%v45, %v92) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v94 = stablehlo.reshape %v93 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v95 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v96 = stablehlo.concatenate %slot, %v95, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v97 = "stablehlo.gather"(%v48, %v96) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 1, 16>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>) -> tensor<1x64x1x16xf32>
    %v98 = stablehlo.reshape %v97 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v99 = stablehlo.reshape %v90 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v100 = stablehlo.reshape %v94 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v101 = stablehlo.dot_general %v99, %v100, contracting_dims = [1] x [1] : (tensor<32x16xf32>, tensor<64x16xf32>) -> tensor<32x64xf32>
    %v102 = stablehlo.reshape %v101 : (tensor<32x64xf32>) -> tensor<1x32x64xf32>
    %v103 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v104 = stablehlo.broadcast_in_dim %v103, dims = [] : (tensor<f32>) -> tensor<1x32x64xf32>
    %v105 = stablehlo.multiply %v102, %v104 : tensor<1x32x64xf32>
    %v106 = stablehlo.select %v51, %v105, %v56 : tensor<1x32x64xi1>, tensor<1x32x64xf32>
    %v107 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v108 = stablehlo.reduce(%v106 init: %v107) applies stablehlo.maximum across dimensions = [2] : (tensor<1x32x64xf32>, tensor<f32>) -> tensor<1x32xf32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x64xf32>
    %v110 = stablehlo.subtract %v106, %v109 : tensor<1x32x64xf32>
    %v111 = stablehlo.exponential %v110 : tensor<1x32x64xf32>
    %v112 = stablehlo.constant dense<0.0> : tensor<f32>
    %v113 = stablehlo.reduce(%v111 init: %v112) applies stablehlo.add across dimensions = [2] : (tensor<1x32x64xf32>, tensor<f32>) -> tensor<1x32xf32>
    %v114 = stablehlo.broadcast_in_dim %v113, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x64xf32>
    %v115 = stablehlo.divide %v111, %v114 : tensor<1x32x64xf32>
    %v116 = stablehlo.reshape %v115 : (tensor<1x32x64xf32>) -> tensor<32x64xf32>
    %v117 = stablehlo.reshape %v98 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v118 = stablehlo.dot_general %v116, %v117, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
    %v119 = stablehlo.reshape %v118 : (tensor<32x16xf32>) -> tensor<1x32x16xf32>
    %v120 = stablehlo.reshape %v119 : (tensor<1x32x16xf32>) -> tensor<1x1x32x16xf32>
    %v121 = stablehlo.concatenate %v88, %v120, dim = 1 : (tensor<1x1x32x16xf32>, tensor<1x1x32x16xf32>) -> tensor<1x2x32x16xf32>
    %v122 = stablehlo.reshape %v121 : (tensor<1x2x32x16xf32>) -> tensor<2x2x16x16xf32>
    %v123 = stablehlo.transpose %v122, dims = [0, 1, 3, 2] : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %v124 = stablehlo.reshape %v123 : (tensor<2x2x16x16xf32>) -> tensor<64x16xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x16xf32>) -> tensor<64x16xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<64x16xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<64x16xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
    %v130 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<16xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<16xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<16xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<16xf32>) -> tensor<64x16xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<64x16xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x16xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<64x16xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x16xf32>) -> tensor<128x16xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x16xf32>) -> tensor<128x16xf32>
    %v143 = stablehlo.logistic %v141 : tensor<128x16xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<128x16xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<128x16xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x16xf32>) -> tensor<64x16xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<64x16xf32>
    return %v147, %v45, %v48 : tensor<64x16xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_prefill_t16_w64(%tokens: tensor<16xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<64x1xf32> {
    %v0 = stablehlo.iota dim = 0 : tensor<16xi32>
    %v1 = stablehlo.broadcast_in_dim %start, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %v2 = stablehlo.add %v0, %v1 : tensor<16xi32>
    %v3 = stablehlo.broadcast_in_dim %len, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %v4 = stablehlo.compare LT, %v0, %v3, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %v5 = stablehlo.broadcast_in_dim %slot, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %v6 = stablehlo.constant dense<4> : tensor<i32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %v8 = stablehlo.select %v4, %v5, %v7 : tensor<16xi1>, tensor<16xi32>
    %v9 = stablehlo.select %v4, %v2, %v0 : tensor<16xi1>, tensor<16xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<16xi32>) -> tensor<16x1xi32>
    %v11 = stablehlo.reshape %v9 : (tensor<16xi32>) -> tensor<16x1xi32>
    %v12 = stablehlo.concatenate %v10, %v11, dim = 1 : (tensor<16x1xi32>, tensor<16x1xi32>) -> tensor<16x2xi32>
    %v13 = stablehlo.broadcast_in_dim %v2, dims = [2] : (tensor<16xi32>) -> tensor<1x2x16xi32>
    %v14 = stablehlo.reshape %v13 : (tensor<1x2x16xi32>) -> tensor<1x32xi32>
    %v15 = stablehlo.reshape %slot : (tensor<i32>) -> tensor<1x1xi32>
    %v16 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v17 = stablehlo.broadcast_in_dim %v16, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
    %v18 = stablehlo.convert %v2 : (tensor<16xi32>) -> tensor<16xf32>
    %v19 = stablehlo.broadcast_in_dim %v18, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
    %v20 = stablehlo.multiply %v19, %v17 : tensor<8x16xf32>
    %v21 = stablehlo.cosine %v20 : tensor<8x16xf32>
    %v22 = stablehlo.sine %v20 : tensor<8x16xf32>
    %v23 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v24 = stablehlo.reshape %tokens : (tensor<16xi32>) -> tensor<16x1xi32>
    %v25 = "stablehlo.gather"(%v23, %v24) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<16x1xi32>) -> tensor<16x64xf32>
    %v26 = stablehlo.transpose %v25, dims = [1, 0] : (tensor<16x64xf32>) -> tensor<64x16xf32>
    %v27 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v28 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v29 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v32 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v33 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v34 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v35 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v36 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v37 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v38:3 = call @layer_prefill_t16_w64(%v26, %v21, %v22, %v12, %v14, %v15, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34, %v35, %v36, %v37) : (tensor<64x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x2xi32>, tensor<1x32xi32>, tensor<1x1xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x16xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v38#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v38#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v39 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v40 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v41 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v44 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v45 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v46 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v47 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v48 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v49 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v50:3 = call @layer_prefill_t16_w64(%v38#0, %v21, %v22, %v12, %v14, %v15, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46, %v47, %v48, %v49) : (tensor<64x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x2xi32>, tensor<1x32xi32>, tensor<1x1xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x16xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v50#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v50#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v51 = stablehlo.constant dense<1> : tensor<i32>
    %v52 = stablehlo.subtract %len, %v51 : tensor<i32>
    %v53 = stablehlo.reshape %v52 : (tensor<i32>) -> tensor<1x1xi32>
    %v54 = "stablehlo.gather"(%v50#0, %v53) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 64, 1>} : (tensor<64x16xf32>, tensor<1x1xi32>) -> tensor<1x64xf32>
    %v55 = stablehlo.reshape %v54 : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v56 = util.global.load @model.norm.weight : tensor<64xf32>
    %v57 = stablehlo.multiply %v55, %v55 : tensor<64x1xf32>
    %v58 = stablehlo.constant dense<0.0> : tensor<f32>
    %v59 = stablehlo.reduce(%v57 init: %v58) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v60 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v61 = stablehlo.broadcast_in_dim %v60, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v62 = stablehlo.divide %v59, %v61 : tensor<1xf32>
    %v63 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v65 = stablehlo.add %v62, %v64 : tensor<1xf32>
    %v66 = stablehlo.rsqrt %v65 : tensor<1xf32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v68 = stablehlo.multiply %v55, %v67 : tensor<64x1xf32>
    %v69 = stablehlo.broadcast_in_dim %v56, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v70 = stablehlo.multiply %v68, %v69 : tensor<64x1xf32>
    return %v70 : tensor<64x1xf32>
  }

  func.func @prefill_logits_t16(%tokens: tensor<16xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<512xf32> {
    %v0 = call @forward_prefill_t16_w64(%tokens, %start, %len, %slot) : (tensor<16xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.reshape %v2 : (tensor<512x1xf32>) -> tensor<512xf32>
    return %v3 : tensor<512xf32>
  }

  func.func @prefill_argmax_t16(%tokens: tensor<16xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<i32> {
    %v0 = call @forward_prefill_t16_w64(%tokens, %start, %len, %slot) : (tensor<16xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<512x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x1xf32>, tensor<512x1xf32>) -> tensor<512x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x1xi1>, tensor<512x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x1xi32>, tensor<i32>) -> tensor<1xi32>
    %v13 = stablehlo.reshape %v12 : (tensor<1xi32>) -> tensor<i32>
    return %v13 : tensor<i32>
  }

  func.func private @layer_decode_b1_w32(%x: tensor<64x1xf32>, %cos: tensor<8x1xf32>, %sin: tensor<8x1xf32>, %kv_index: tensor<1x2xi32>, %query_pos: tensor<1x2xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x1xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<1xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<1xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<1xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x1xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x1xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x1xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x1xf32>) -> tensor<32x1xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x1xf32>) -> tensor<32x1xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x1xf32>) -> tensor<4x2x8x1xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:1] : (tensor<4x2x8x1xf32>) -> tensor<4x1x8x1xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:1] : (tensor<4x2x8x1xf32>) -> tensor<4x1x8x1xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<4x1x8x1xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<4x1x8x1xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x1xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x1xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x1xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x1xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x1xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x1xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x1xf32>, tensor<4x1x8x1xf32>) -> tensor<4x2x8x1xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x1xf32>) -> tensor<64x1xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x1xf32>) -> tensor<2x2x8x1xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:1] : (tensor<2x2x8x1xf32>) -> tensor<2x1x8x1xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:1] : (tensor<2x2x8x1xf32>) -> tensor<2x1x8x1xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<2x1x8x1xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<2x1x8x1xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x1xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x1xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x1xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x1xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x1xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x1xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x1xf32>, tensor<2x1x8x1xf32>) -> tensor<2x2x8x1xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x1xf32>) -> tensor<32x1xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x1xf32>) -> tensor<2x16x1xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x1xf32>) -> tensor<1x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>, tensor<1x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x1xf32>) -> tensor<2x16x1xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x1xf32>) -> tensor<1x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>, tensor<1x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<1x2x32xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x2x32xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x2x32xi32>, tensor<1x2x32xi32>) -> tensor<1x2x32xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x1xf32>) -> tensor<2x2x16x1xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<2x2x16x1xf32>) -> tensor<1x2x2x16xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<1x2x32xf32>
    %v56 = stablehlo.slice %v53 [0:1, 0:1, 0:2, 0:16] : (tensor<1x2x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<1x1x2x16xf32>) -> tensor<1x2x16xf32>
    %v58 = stablehlo.slice %v45 [0:1, 0:32, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x32x1x16xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<1x32x1x16xf32>) -> tensor<1x32x16xf32>
    %v60 = stablehlo.slice %v48 [0:1, 0:32, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x32x1x16xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<1x32x1x16xf32>) -> tensor<1x32x16xf32>
    %v62 = stablehlo.reshape %v57 : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    %v63 = stablehlo.reshape %v59 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v64 = stablehlo.dot_general %v62, %v63, contracting_dims = [1] x [1] : (tensor<2x16xf32>, tensor<32x16xf32>) -> tensor<2x32xf32>
    %v65 = stablehlo.reshape %v64 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %v66 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [] : (tensor<f32>) -> tensor<1x2x32xf32>
    %v68 = stablehlo.multiply %v65, %v67 : tensor<1x2x32xf32>
    %v69 = stablehlo.select %v51, %v68, %v55 : tensor<1x2x32xi1>, tensor<1x2x32xf32>
    %v70 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v71 = stablehlo.reduce(%v69 init: %v70) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x32xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x32xf32>
    %v73 = stablehlo.subtract %v69, %v72 : tensor<1x2x32xf32>
    %v74 = stablehlo.exponential %v73 : tensor<1x2x32xf32>
    %v75 = stablehlo.constant dense<0.0> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.add across dimensions = [2] : (tensor<1x2x32xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x32xf32>
    %v78 = stablehlo.divide %v74, %v77 : tensor<1x2x32xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %v80 = stablehlo.reshape %v61 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v81 = stablehlo.dot_general %v79, %v80, contracting_dims = [1] x [0] : (tensor<2x32xf32>, tensor<32x16xf32>) -> tensor<2x16xf32>
    %v82 = stablehlo.reshape %v81 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v84 = stablehlo.slice %v53 [0:1, 1:2, 0:2, 0:16] : (tensor<1x2x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v85 = stablehlo.reshape %v84 : (tensor<1x1x2x16xf32>) -> tensor<1x2x16xf32>
    %v86 = stablehlo.slice %v45 [0:1, 0:32, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x32x1x16xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1x32x1x16xf32>) -> tensor<1x32x16xf32>
    %v88 = stablehlo.slice %v48 [0:1, 0:32, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x32x1x16xf32>
    %v89 = stablehlo.reshape %v88 : (tensor<1x32x1x16xf32>) -> tensor<1x32x16xf32>
    %v90 = stablehlo.reshape %v85 : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    %v91 = stablehlo.reshape %v87 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v92 = stablehlo.dot_general %v90, %v91, contracting_dims = [1] x [1] : (tensor<2x16xf32>, tensor<32x16xf32>) -> tensor<2x32xf32>
    %v93 = stablehlo.reshape %v92 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %v94 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v95 = stablehlo.broadcast_in_dim %v94, dims = [] : (tensor<f32>) -> tensor<1x2x32xf32>
    %v96 = stablehlo.multiply %v93, %v95 : tensor<1x2x32xf32>
    %v97 = stablehlo.select %v51, %v96, %v55 : tensor<1x2x32xi1>, tensor<1x2x32xf32>
    %v98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v99 = stablehlo.reduce(%v97 init: %v98) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x32xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v100 = stablehlo.broadcast_in_dim %v99, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x32xf32>
    %v101 = stablehlo.subtract %v97, %v100 : tensor<1x2x32xf32>
    %v102 = stablehlo.exponential %v101 : tensor<1x2x32xf32>
    %v103 = stablehlo.constant dense<0.0> : tensor<f32>
    %v104 = stablehlo.reduce(%v102 init: %v103) applies stablehlo.add across dimensions = [2] : (tensor<1x2x32xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v105 = stablehlo.broadcast_in_dim %v104, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x32xf32>
    %v106 = stablehlo.divide %v102, %v105 : tensor<1x2x32xf32>
    %v107 = stablehlo.reshape %v106 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %v108 = stablehlo.reshape %v89 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    %v109 = stablehlo.dot_general %v107, %v108, contracting_dims = [1] x [0] : (tensor<2x32xf32>, tensor<32x16xf32>) -> tensor<2x16xf32>
    %v110 = stablehlo.reshape %v109 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %v111 = stablehlo.reshape %v110 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v112 = stablehlo.concatenate %v83, %v111, dim = 1 : (tensor<1x1x2x16xf32>, tensor<1x1x2x16xf32>) -> tensor<1x2x2x16xf32>
    %v113 = stablehlo.reshape %v112 : (tensor<1x2x2x16xf32>) -> tensor<1x64xf32>
    %v114 = stablehlo.transpose %v113, dims = [1, 0] : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v115 = stablehlo.dot_general %self_attn_o_proj_weight, %v114, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x1xf32>
    %v116 = stablehlo.add %x, %v115 : tensor<64x1xf32>
    %v117 = stablehlo.multiply %v116, %v116 : tensor<64x1xf32>
    %v118 = stablehlo.constant dense<0.0> : tensor<f32>
    %v119 = stablehlo.reduce(%v117 init: %v118) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v120 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v121 = stablehlo.broadcast_in_dim %v120, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v122 = stablehlo.divide %v119, %v121 : tensor<1xf32>
    %v123 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v124 = stablehlo.broadcast_in_dim %v123, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v125 = stablehlo.add %v122, %v124 : tensor<1xf32>
    %v126 = stablehlo.rsqrt %v125 : tensor<1xf32>
    %v127 = stablehlo.broadcast_in_dim %v126, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v128 = stablehlo.multiply %v116, %v127 : tensor<64x1xf32>
    %v129 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v130 = stablehlo.multiply %v128, %v129 : tensor<64x1xf32>
    %v131 = stablehlo.dot_general %mlp_gate_proj_weight, %v130, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x1xf32>) -> tensor<128x1xf32>
    %v132 = stablehlo.dot_general %mlp_up_proj_weight, %v130, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x1xf32>) -> tensor<128x1xf32>
    %v133 = stablehlo.logistic %v131 : tensor<128x1xf32>
    %v134 = stablehlo.multiply %v131, %v133 : tensor<128x1xf32>
    %v135 = stablehlo.multiply %v134, %v132 : tensor<128x1xf32>
    %v136 = stablehlo.dot_general %mlp_down_proj_weight, %v135, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x1xf32>) -> tensor<64x1xf32>
    %v137 = stablehlo.add %v116, %v136 : tensor<64x1xf32>
    return %v137, %v45, %v48 : tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_decode_b1_w32(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<64x1xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<1xi1>, tensor<1xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<1xi32>
    %v5 = stablehlo.constant dense<4> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<1xi1>, tensor<1xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<1xi1>, tensor<1xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<1xi32>) -> tensor<1x2xi32>
    %v13 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %v15 = stablehlo.convert %v3 : (tensor<1xi32>) -> tensor<1xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<1xf32>) -> tensor<8x1xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<8x1xf32>
    %v18 = stablehlo.cosine %v17 : tensor<8x1xf32>
    %v19 = stablehlo.sine %v17 : tensor<8x1xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<1xi32>) -> tensor<1x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<1x1xi32>) -> tensor<1x64xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v35:3 = call @layer_decode_b1_w32(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<64x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<1x2xi32>, tensor<1x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v47:3 = call @layer_decode_b1_w32(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<64x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<1x2xi32>, tensor<1x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v48 = util.global.load @model.norm.weight : tensor<64xf32>
    %v49 = stablehlo.multiply %v47#0, %v47#0 : tensor<64x1xf32>
    %v50 = stablehlo.constant dense<0.0> : tensor<f32>
    %v51 = stablehlo.reduce(%v49 init: %v50) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v52 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v53 = stablehlo.broadcast_in_dim %v52, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v54 = stablehlo.divide %v51, %v53 : tensor<1xf32>
    %v55 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v57 = stablehlo.add %v54, %v56 : tensor<1xf32>
    %v58 = stablehlo.rsqrt %v57 : tensor<1xf32>
    %v59 = stablehlo.broadcast_in_dim %v58, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v60 = stablehlo.multiply %v47#0, %v59 : tensor<64x1xf32>
    %v61 = stablehlo.broadcast_in_dim %v48, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v62 = stablehlo.multiply %v60, %v61 : tensor<64x1xf32>
    return %v62 : tensor<64x1xf32>
  }

  func.func @decode_ragged_logits_b1_w32(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1x512xf32> {
    %v0 = call @forward_decode_b1_w32(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<512x1xf32>) -> tensor<1x512xf32>
    return %v3 : tensor<1x512xf32>
  }

  func.func @decode_ragged_argmax_b1_w32(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1xi32> {
    %v0 = call @forward_decode_b1_w32(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<512x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x1xf32>, tensor<512x1xf32>) -> tensor<512x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x1xi1>, tensor<512x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x1xi32>, tensor<i32>) -> tensor<1xi32>
    return %v12 : tensor<1xi32>
  }

  func.func private @layer_decode_b1_w64(%x: tensor<64x1xf32>, %cos: tensor<8x1xf32>, %sin: tensor<8x1xf32>, %kv_index: tensor<1x2xi32>, %query_pos: tensor<1x2xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x1xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<1xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<1xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<1xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x1xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x1xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x1xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x1xf32>) -> tensor<32x1xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x1xf32>) -> tensor<32x1xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x1xf32>) -> tensor<4x2x8x1xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:1] : (tensor<4x2x8x1xf32>) -> tensor<4x1x8x1xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:1] : (tensor<4x2x8x1xf32>) -> tensor<4x1x8x1xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<4x1x8x1xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<4x1x8x1xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x1xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x1xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x1xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x1xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x1xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x1xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x1xf32>, tensor<4x1x8x1xf32>) -> tensor<4x2x8x1xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x1xf32>) -> tensor<64x1xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x1xf32>) -> tensor<2x2x8x1xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:1] : (tensor<2x2x8x1xf32>) -> tensor<2x1x8x1xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:1] : (tensor<2x2x8x1xf32>) -> tensor<2x1x8x1xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<2x1x8x1xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x1xf32>) -> tensor<2x1x8x1xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x1xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x1xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x1xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x1xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x1xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x1xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x1xf32>, tensor<2x1x8x1xf32>) -> tensor<2x2x8x1xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x1xf32>) -> tensor<32x1xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x1xf32>) -> tensor<2x16x1xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x1xf32>) -> tensor<1x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>, tensor<1x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x1xf32>) -> tensor<2x16x1xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x1xf32>) -> tensor<1x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x2xi32>, tensor<1x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<1x2x64xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x2x64xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x2x64xi32>, tensor<1x2x64xi32>) -> tensor<1x2x64xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x1xf32>) -> tensor<2x2x16x1xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<2x2x16x1xf32>) -> tensor<1x2x2x16xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<1x2x64xf32>
    %v56 = stablehlo.slice %v53 [0:1, 0:1, 0:2, 0:16] : (tensor<1x2x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<1x1x2x16xf32>) -> tensor<1x2x16xf32>
    %v58 = stablehlo.slice %v45 [0:1, 0:64, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x64x1x16xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v60 = stablehlo.slice %v48 [0:1, 0:64, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x64x1x16xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v62 = stablehlo.reshape %v57 : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    %v63 = stablehlo.reshape %v59 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v64 = stablehlo.dot_general %v62, %v63, contracting_dims = [1] x [1] : (tensor<2x16xf32>, tensor<64x16xf32>) -> tensor<2x64xf32>
    %v65 = stablehlo.reshape %v64 : (tensor<2x64xf32>) -> tensor<1x2x64xf32>
    %v66 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [] : (tensor<f32>) -> tensor<1x2x64xf32>
    %v68 = stablehlo.multiply %v65, %v67 : tensor<1x2x64xf32>
    %v69 = stablehlo.select %v51, %v68, %v55 : tensor<1x2x64xi1>, tensor<1x2x64xf32>
    %v70 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v71 = stablehlo.reduce(%v69 init: %v70) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x64xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x64xf32>
    %v73 = stablehlo.subtract %v69, %v72 : tensor<1x2x64xf32>
    %v74 = stablehlo.exponential %v73 : tensor<1x2x64xf32>
    %v75 = stablehlo.constant dense<0.0> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.add across dimensions = [2] : (tensor<1x2x64xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x64xf32>
    %v78 = stablehlo.divide %v74, %v77 : tensor<1x2x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<1x2x64xf32>) -> tensor<2x64xf32>
    %v80 = stablehlo.reshape %v61 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v81 = stablehlo.dot_general %v79, %v80, contracting_dims = [1] x [0] : (tensor<2x64xf32>, tensor<64x16xf32>) -> tensor<2x16xf32>
    %v82 = stablehlo.reshape %v81 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v84 = stablehlo.slice %v53 [0:1, 1:2, 0:2, 0:16] : (tensor<1x2x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v85 = stablehlo.reshape %v84 : (tensor<1x1x2x16xf32>) -> tensor<1x2x16xf32>
    %v86 = stablehlo.slice %v45 [0:1, 0:64, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x64x1x16xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v88 = stablehlo.slice %v48 [0:1, 0:64, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<1x64x1x16xf32>
    %v89 = stablehlo.reshape %v88 : (tensor<1x64x1x16xf32>) -> tensor<1x64x16xf32>
    %v90 = stablehlo.reshape %v85 : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    %v91 = stablehlo.reshape %v87 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v92 = stablehlo.dot_general %v90, %v91, contracting_dims = [1] x [1] : (tensor<2x16xf32>, tensor<64x16xf32>) -> tensor<2x64xf32>
    %v93 = stablehlo.reshape %v92 : (tensor<2x64xf32>) -> tensor<1x2x64xf32>
    %v94 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v95 = stablehlo.broadcast_in_dim %v94, dims = [] : (tensor<f32>) -> tensor<1x2x64xf32>
    %v96 = stablehlo.multiply %v93, %v95 : tensor<1x2x64xf32>
    %v97 = stablehlo.select %v51, %v96, %v55 : tensor<1x2x64xi1>, tensor<1x2x64xf32>
    %v98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v99 = stablehlo.reduce(%v97 init: %v98) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x64xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v100 = stablehlo.broadcast_in_dim %v99, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x64xf32>
    %v101 = stablehlo.subtract %v97, %v100 : tensor<1x2x64xf32>
    %v102 = stablehlo.exponential %v101 : tensor<1x2x64xf32>
    %v103 = stablehlo.constant dense<0.0> : tensor<f32>
    %v104 = stablehlo.reduce(%v102 init: %v103) applies stablehlo.add across dimensions = [2] : (tensor<1x2x64xf32>, tensor<f32>) -> tensor<1x2xf32>
    %v105 = stablehlo.broadcast_in_dim %v104, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x64xf32>
    %v106 = stablehlo.divide %v102, %v105 : tensor<1x2x64xf32>
    %v107 = stablehlo.reshape %v106 : (tensor<1x2x64xf32>) -> tensor<2x64xf32>
    %v108 = stablehlo.reshape %v89 : (tensor<1x64x16xf32>) -> tensor<64x16xf32>
    %v109 = stablehlo.dot_general %v107, %v108, contracting_dims = [1] x [0] : (tensor<2x64xf32>, tensor<64x16xf32>) -> tensor<2x16xf32>
    %v110 = stablehlo.reshape %v109 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %v111 = stablehlo.reshape %v110 : (tensor<1x2x16xf32>) -> tensor<1x1x2x16xf32>
    %v112 = stablehlo.concatenate %v83, %v111, dim = 1 : (tensor<1x1x2x16xf32>, tensor<1x1x2x16xf32>) -> tensor<1x2x2x16xf32>
    %v113 = stablehlo.reshape %v112 : (tensor<1x2x2x16xf32>) -> tensor<1x64xf32>
    %v114 = stablehlo.transpose %v113, dims = [1, 0] : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v115 = stablehlo.dot_general %self_attn_o_proj_weight, %v114, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x1xf32>
    %v116 = stablehlo.add %x, %v115 : tensor<64x1xf32>
    %v117 = stablehlo.multiply %v116, %v116 : tensor<64x1xf32>
    %v118 = stablehlo.constant dense<0.0> : tensor<f32>
    %v119 = stablehlo.reduce(%v117 init: %v118) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v120 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v121 = stablehlo.broadcast_in_dim %v120, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v122 = stablehlo.divide %v119, %v121 : tensor<1xf32>
    %v123 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v124 = stablehlo.broadcast_in_dim %v123, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v125 = stablehlo.add %v122, %v124 : tensor<1xf32>
    %v126 = stablehlo.rsqrt %v125 : tensor<1xf32>
    %v127 = stablehlo.broadcast_in_dim %v126, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v128 = stablehlo.multiply %v116, %v127 : tensor<64x1xf32>
    %v129 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v130 = stablehlo.multiply %v128, %v129 : tensor<64x1xf32>
    %v131 = stablehlo.dot_general %mlp_gate_proj_weight, %v130, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x1xf32>) -> tensor<128x1xf32>
    %v132 = stablehlo.dot_general %mlp_up_proj_weight, %v130, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x1xf32>) -> tensor<128x1xf32>
    %v133 = stablehlo.logistic %v131 : tensor<128x1xf32>
    %v134 = stablehlo.multiply %v131, %v133 : tensor<128x1xf32>
    %v135 = stablehlo.multiply %v134, %v132 : tensor<128x1xf32>
    %v136 = stablehlo.dot_general %mlp_down_proj_weight, %v135, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x1xf32>) -> tensor<64x1xf32>
    %v137 = stablehlo.add %v116, %v136 : tensor<64x1xf32>
    return %v137, %v45, %v48 : tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_decode_b1_w64(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<64x1xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<1xi1>, tensor<1xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<1xi32>
    %v5 = stablehlo.constant dense<4> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<1xi1>, tensor<1xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<1xi1>, tensor<1xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<1xi32>) -> tensor<1x2xi32>
    %v13 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %v15 = stablehlo.convert %v3 : (tensor<1xi32>) -> tensor<1xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<1xf32>) -> tensor<8x1xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<8x1xf32>
    %v18 = stablehlo.cosine %v17 : tensor<8x1xf32>
    %v19 = stablehlo.sine %v17 : tensor<8x1xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<1xi32>) -> tensor<1x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<1x1xi32>) -> tensor<1x64xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v35:3 = call @layer_decode_b1_w64(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<64x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<1x2xi32>, tensor<1x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v47:3 = call @layer_decode_b1_w64(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<64x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<1x2xi32>, tensor<1x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x1xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v48 = util.global.load @model.norm.weight : tensor<64xf32>
    %v49 = stablehlo.multiply %v47#0, %v47#0 : tensor<64x1xf32>
    %v50 = stablehlo.constant dense<0.0> : tensor<f32>
    %v51 = stablehlo.reduce(%v49 init: %v50) applies stablehlo.add across dimensions = [0] : (tensor<64x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v52 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v53 = stablehlo.broadcast_in_dim %v52, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v54 = stablehlo.divide %v51, %v53 : tensor<1xf32>
    %v55 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v57 = stablehlo.add %v54, %v56 : tensor<1xf32>
    %v58 = stablehlo.rsqrt %v57 : tensor<1xf32>
    %v59 = stablehlo.broadcast_in_dim %v58, dims = [1] : (tensor<1xf32>) -> tensor<64x1xf32>
    %v60 = stablehlo.multiply %v47#0, %v59 : tensor<64x1xf32>
    %v61 = stablehlo.broadcast_in_dim %v48, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %v62 = stablehlo.multiply %v60, %v61 : tensor<64x1xf32>
    return %v62 : tensor<64x1xf32>
  }

  func.func @decode_ragged_logits_b1_w64(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1x512xf32> {
    %v0 = call @forward_decode_b1_w64(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<512x1xf32>) -> tensor<1x512xf32>
    return %v3 : tensor<1x512xf32>
  }

  func.func @decode_ragged_argmax_b1_w64(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1xi32> {
    %v0 = call @forward_decode_b1_w64(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<64x1xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1xf32>) -> tensor<512x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<512x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x1xf32>, tensor<512x1xf32>) -> tensor<512x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x1xi1>, tensor<512x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x1xi32>, tensor<i32>) -> tensor<1xi32>
    return %v12 : tensor<1xi32>
  }

  func.func private @layer_decode_b4_w32(%x: tensor<64x4xf32>, %cos: tensor<8x4xf32>, %sin: tensor<8x4xf32>, %kv_index: tensor<4x2xi32>, %query_pos: tensor<4x2xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x4xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<4xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<4xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<4xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x4xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x4xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x4xf32>) -> tensor<4x2x8x4xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:4] : (tensor<4x2x8x4xf32>) -> tensor<4x1x8x4xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:4] : (tensor<4x2x8x4xf32>) -> tensor<4x1x8x4xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<4x1x8x4xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<4x1x8x4xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x4xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x4xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x4xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x4xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x4xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x4xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x4xf32>, tensor<4x1x8x4xf32>) -> tensor<4x2x8x4xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x4xf32>) -> tensor<64x4xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x4xf32>) -> tensor<2x2x8x4xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:4] : (tensor<2x2x8x4xf32>) -> tensor<2x1x8x4xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:4] : (tensor<2x2x8x4xf32>) -> tensor<2x1x8x4xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<2x1x8x4xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<2x1x8x4xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x4xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x4xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x4xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x4xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x4xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x4xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x4xf32>, tensor<2x1x8x4xf32>) -> tensor<2x2x8x4xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x4xf32>) -> tensor<32x4xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x4xf32>) -> tensor<2x16x4xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x4xf32>) -> tensor<4x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<4x2xi32>, tensor<4x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x4xf32>) -> tensor<2x16x4xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x4xf32>) -> tensor<4x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<4x2xi32>, tensor<4x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<4x2xi32>) -> tensor<4x2x32xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<4x2x32xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<4x2x32xi32>, tensor<4x2x32xi32>) -> tensor<4x2x32xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x4xf32>) -> tensor<2x2x16x4xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<2x2x16x4xf32>) -> tensor<4x2x2x16xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<4x2x32xf32>
    %v56 = stablehlo.slice %v53 [0:4, 0:1, 0:2, 0:16] : (tensor<4x2x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<4x1x2x16xf32>) -> tensor<4x2x16xf32>
    %v58 = stablehlo.slice %v45 [0:4, 0:32, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x32x1x16xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<4x32x1x16xf32>) -> tensor<4x32x16xf32>
    %v60 = stablehlo.slice %v48 [0:4, 0:32, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x32x1x16xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<4x32x1x16xf32>) -> tensor<4x32x16xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x2x16xf32>, tensor<4x32x16xf32>) -> tensor<4x2x32xf32>
    %v63 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<4x2x32xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<4x2x32xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<4x2x32xi1>, tensor<4x2x32xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<4x2x32xf32>
    %v71 = stablehlo.exponential %v70 : tensor<4x2x32xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<4x2x32xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x32xf32>, tensor<4x32x16xf32>) -> tensor<4x2x16xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<4x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v78 = stablehlo.slice %v53 [0:4, 1:2, 0:2, 0:16] : (tensor<4x2x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<4x1x2x16xf32>) -> tensor<4x2x16xf32>
    %v80 = stablehlo.slice %v45 [0:4, 0:32, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x32x1x16xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<4x32x1x16xf32>) -> tensor<4x32x16xf32>
    %v82 = stablehlo.slice %v48 [0:4, 0:32, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x32x1x16xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<4x32x1x16xf32>) -> tensor<4x32x16xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x2x16xf32>, tensor<4x32x16xf32>) -> tensor<4x2x32xf32>
    %v85 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<4x2x32xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<4x2x32xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<4x2x32xi1>, tensor<4x2x32xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<4x2x32xf32>
    %v93 = stablehlo.exponential %v92 : tensor<4x2x32xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<4x2x32xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x32xf32>, tensor<4x32x16xf32>) -> tensor<4x2x16xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<4x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v100 = stablehlo.concatenate %v77, %v99, dim = 1 : (tensor<4x1x2x16xf32>, tensor<4x1x2x16xf32>) -> tensor<4x2x2x16xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<4x2x2x16xf32>) -> tensor<4x64xf32>
    %v102 = stablehlo.transpose %v101, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %v103 = stablehlo.dot_general %self_attn_o_proj_weight, %v102, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %v104 = stablehlo.add %x, %v103 : tensor<64x4xf32>
    %v105 = stablehlo.multiply %v104, %v104 : tensor<64x4xf32>
    %v106 = stablehlo.constant dense<0.0> : tensor<f32>
    %v107 = stablehlo.reduce(%v105 init: %v106) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v108 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v110 = stablehlo.divide %v107, %v109 : tensor<4xf32>
    %v111 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v112 = stablehlo.broadcast_in_dim %v111, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v113 = stablehlo.add %v110, %v112 : tensor<4xf32>
    %v114 = stablehlo.rsqrt %v113 : tensor<4xf32>
    %v115 = stablehlo.broadcast_in_dim %v114, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v116 = stablehlo.multiply %v104, %v115 : tensor<64x4xf32>
    %v117 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v118 = stablehlo.multiply %v116, %v117 : tensor<64x4xf32>
    %v119 = stablehlo.dot_general %mlp_gate_proj_weight, %v118, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x4xf32>) -> tensor<128x4xf32>
    %v120 = stablehlo.dot_general %mlp_up_proj_weight, %v118, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x4xf32>) -> tensor<128x4xf32>
    %v121 = stablehlo.logistic %v119 : tensor<128x4xf32>
    %v122 = stablehlo.multiply %v119, %v121 : tensor<128x4xf32>
    %v123 = stablehlo.multiply %v122, %v120 : tensor<128x4xf32>
    %v124 = stablehlo.dot_general %mlp_down_proj_weight, %v123, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x4xf32>) -> tensor<64x4xf32>
    %v125 = stablehlo.add %v104, %v124 : tensor<64x4xf32>
    return %v125, %v45, %v48 : tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_decode_b4_w32(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<64x4xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<4xi1>, tensor<4xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<4xi32>
    %v5 = stablehlo.constant dense<4> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<4xi1>, tensor<4xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<4xi1>, tensor<4xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<4xi32>) -> tensor<4x2xi32>
    %v13 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %v15 = stablehlo.convert %v3 : (tensor<4xi32>) -> tensor<4xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<8x4xf32>
    %v18 = stablehlo.cosine %v17 : tensor<8x4xf32>
    %v19 = stablehlo.sine %v17 : tensor<8x4xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<4xi32>) -> tensor<4x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<4x1xi32>) -> tensor<4x64xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v35:3 = call @layer_decode_b4_w32(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<64x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v47:3 = call @layer_decode_b4_w32(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<64x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v48 = util.global.load @model.norm.weight : tensor<64xf32>
    %v49 = stablehlo.multiply %v47#0, %v47#0 : tensor<64x4xf32>
    %v50 = stablehlo.constant dense<0.0> : tensor<f32>
    %v51 = stablehlo.reduce(%v49 init: %v50) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v52 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v53 = stablehlo.broadcast_in_dim %v52, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v54 = stablehlo.divide %v51, %v53 : tensor<4xf32>
    %v55 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v57 = stablehlo.add %v54, %v56 : tensor<4xf32>
    %v58 = stablehlo.rsqrt %v57 : tensor<4xf32>
    %v59 = stablehlo.broadcast_in_dim %v58, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v60 = stablehlo.multiply %v47#0, %v59 : tensor<64x4xf32>
    %v61 = stablehlo.broadcast_in_dim %v48, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v62 = stablehlo.multiply %v60, %v61 : tensor<64x4xf32>
    return %v62 : tensor<64x4xf32>
  }

  func.func @decode_ragged_logits_b4_w32(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4x512xf32> {
    %v0 = call @forward_decode_b4_w32(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<64x4xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x4xf32>) -> tensor<512x4xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<512x4xf32>) -> tensor<4x512xf32>
    return %v3 : tensor<4x512xf32>
  }

  func.func @decode_ragged_argmax_b4_w32(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4xi32> {
    %v0 = call @forward_decode_b4_w32(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<64x4xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x4xf32>) -> tensor<512x4xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<4xf32>) -> tensor<512x4xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x4xf32>, tensor<512x4xf32>) -> tensor<512x4xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x4xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x4xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x4xi1>, tensor<512x4xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x4xi32>, tensor<i32>) -> tensor<4xi32>
    return %v12 : tensor<4xi32>
  }

  func.func private @layer_decode_b4_w64(%x: tensor<64x4xf32>, %cos: tensor<8x4xf32>, %sin: tensor<8x4xf32>, %kv_index: tensor<4x2xi32>, %query_pos: tensor<4x2xi32>, %k_cache: tensor<5x64x2x16xf32>, %v_cache: tensor<5x64x2x16xf32>, %input_layernorm_weight: tensor<64xf32>, %self_attn_q_proj_weight: tensor<64x64xf32>, %self_attn_k_proj_weight: tensor<32x64xf32>, %self_attn_v_proj_weight: tensor<32x64xf32>, %self_attn_o_proj_weight: tensor<64x64xf32>, %post_attention_layernorm_weight: tensor<64xf32>, %mlp_gate_proj_weight: tensor<128x64xf32>, %mlp_up_proj_weight: tensor<128x64xf32>, %mlp_down_proj_weight: tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<64x4xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<4xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<4xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<4xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<64x4xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<64x4xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<64x4xf32>) -> tensor<4x2x8x4xf32>
    %v18 = stablehlo.slice %v17 [0:4, 0:1, 0:8, 0:4] : (tensor<4x2x8x4xf32>) -> tensor<4x1x8x4xf32>
    %v19 = stablehlo.slice %v17 [0:4, 1:2, 0:8, 0:4] : (tensor<4x2x8x4xf32>) -> tensor<4x1x8x4xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<4x1x8x4xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<4x1x8x4xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<4x1x8x4xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<4x1x8x4xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<4x1x8x4xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<4x1x8x4xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<4x1x8x4xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<4x1x8x4xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<4x1x8x4xf32>, tensor<4x1x8x4xf32>) -> tensor<4x2x8x4xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<4x2x8x4xf32>) -> tensor<64x4xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<32x4xf32>) -> tensor<2x2x8x4xf32>
    %v31 = stablehlo.slice %v30 [0:2, 0:1, 0:8, 0:4] : (tensor<2x2x8x4xf32>) -> tensor<2x1x8x4xf32>
    %v32 = stablehlo.slice %v30 [0:2, 1:2, 0:8, 0:4] : (tensor<2x2x8x4xf32>) -> tensor<2x1x8x4xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<2x1x8x4xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<8x4xf32>) -> tensor<2x1x8x4xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<2x1x8x4xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<2x1x8x4xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<2x1x8x4xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<2x1x8x4xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<2x1x8x4xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<2x1x8x4xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<2x1x8x4xf32>, tensor<2x1x8x4xf32>) -> tensor<2x2x8x4xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<2x2x8x4xf32>) -> tensor<32x4xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<32x4xf32>) -> tensor<2x16x4xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<2x16x4xf32>) -> tensor<4x2x16xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<4x2xi32>, tensor<4x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<32x4xf32>) -> tensor<2x16x4xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<2x16x4xf32>) -> tensor<4x2x16xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<4x2xi32>, tensor<4x2x16xf32>) -> tensor<5x64x2x16xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<4x2xi32>) -> tensor<4x2x64xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<4x2x64xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<4x2x64xi32>, tensor<4x2x64xi32>) -> tensor<4x2x64xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<64x4xf32>) -> tensor<2x2x16x4xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<2x2x16x4xf32>) -> tensor<4x2x2x16xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<4x2x64xf32>
    %v56 = stablehlo.slice %v53 [0:4, 0:1, 0:2, 0:16] : (tensor<4x2x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<4x1x2x16xf32>) -> tensor<4x2x16xf32>
    %v58 = stablehlo.slice %v45 [0:4, 0:64, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x64x1x16xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<4x64x1x16xf32>) -> tensor<4x64x16xf32>
    %v60 = stablehlo.slice %v48 [0:4, 0:64, 0:1, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x64x1x16xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<4x64x1x16xf32>) -> tensor<4x64x16xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x2x16xf32>, tensor<4x64x16xf32>) -> tensor<4x2x64xf32>
    %v63 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<4x2x64xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<4x2x64xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<4x2x64xi1>, tensor<4x2x64xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x64xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x64xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<4x2x64xf32>
    %v71 = stablehlo.exponential %v70 : tensor<4x2x64xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<4x2x64xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x64xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<4x2x64xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x64xf32>, tensor<4x64x16xf32>) -> tensor<4x2x16xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<4x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v78 = stablehlo.slice %v53 [0:4, 1:2, 0:2, 0:16] : (tensor<4x2x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<4x1x2x16xf32>) -> tensor<4x2x16xf32>
    %v80 = stablehlo.slice %v45 [0:4, 0:64, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x64x1x16xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<4x64x1x16xf32>) -> tensor<4x64x16xf32>
    %v82 = stablehlo.slice %v48 [0:4, 0:64, 1:2, 0:16] : (tensor<5x64x2x16xf32>) -> tensor<4x64x1x16xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<4x64x1x16xf32>) -> tensor<4x64x16xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x2x16xf32>, tensor<4x64x16xf32>) -> tensor<4x2x64xf32>
    %v85 = stablehlo.constant dense<2.5e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<4x2x64xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<4x2x64xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<4x2x64xi1>, tensor<4x2x64xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x64xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x64xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<4x2x64xf32>
    %v93 = stablehlo.exponential %v92 : tensor<4x2x64xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<4x2x64xf32>, tensor<f32>) -> tensor<4x2xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x64xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<4x2x64xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x64xf32>, tensor<4x64x16xf32>) -> tensor<4x2x16xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<4x2x16xf32>) -> tensor<4x1x2x16xf32>
    %v100 = stablehlo.concatenate %v77, %v99, dim = 1 : (tensor<4x1x2x16xf32>, tensor<4x1x2x16xf32>) -> tensor<4x2x2x16xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<4x2x2x16xf32>) -> tensor<4x64xf32>
    %v102 = stablehlo.transpose %v101, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %v103 = stablehlo.dot_general %self_attn_o_proj_weight, %v102, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %v104 = stablehlo.add %x, %v103 : tensor<64x4xf32>
    %v105 = stablehlo.multiply %v104, %v104 : tensor<64x4xf32>
    %v106 = stablehlo.constant dense<0.0> : tensor<f32>
    %v107 = stablehlo.reduce(%v105 init: %v106) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v108 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v110 = stablehlo.divide %v107, %v109 : tensor<4xf32>
    %v111 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v112 = stablehlo.broadcast_in_dim %v111, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v113 = stablehlo.add %v110, %v112 : tensor<4xf32>
    %v114 = stablehlo.rsqrt %v113 : tensor<4xf32>
    %v115 = stablehlo.broadcast_in_dim %v114, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v116 = stablehlo.multiply %v104, %v115 : tensor<64x4xf32>
    %v117 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v118 = stablehlo.multiply %v116, %v117 : tensor<64x4xf32>
    %v119 = stablehlo.dot_general %mlp_gate_proj_weight, %v118, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x4xf32>) -> tensor<128x4xf32>
    %v120 = stablehlo.dot_general %mlp_up_proj_weight, %v118, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x4xf32>) -> tensor<128x4xf32>
    %v121 = stablehlo.logistic %v119 : tensor<128x4xf32>
    %v122 = stablehlo.multiply %v119, %v121 : tensor<128x4xf32>
    %v123 = stablehlo.multiply %v122, %v120 : tensor<128x4xf32>
    %v124 = stablehlo.dot_general %mlp_down_proj_weight, %v123, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x4xf32>) -> tensor<64x4xf32>
    %v125 = stablehlo.add %v104, %v124 : tensor<64x4xf32>
    return %v125, %v45, %v48 : tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>
  }

  func.func private @forward_decode_b4_w64(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<64x4xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<4xi1>, tensor<4xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<4xi32>
    %v5 = stablehlo.constant dense<4> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<4xi1>, tensor<4xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<4xi1>, tensor<4xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<4xi32>) -> tensor<4x2xi32>
    %v13 = stablehlo.constant dense<[1.0, 3.1622776e-1, 1.0e-1, 3.1622775e-2, 1.0e-2, 3.1622776e-3, 1.0e-3, 3.1622776e-4]> : tensor<8xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %v15 = stablehlo.convert %v3 : (tensor<4xi32>) -> tensor<4xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<8x4xf32>
    %v18 = stablehlo.cosine %v17 : tensor<8x4xf32>
    %v19 = stablehlo.sine %v17 : tensor<8x4xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<512x64xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<4xi32>) -> tensor<4x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<512x64xf32>, tensor<4x1xi32>) -> tensor<4x64xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<64xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<64x64xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<32x64xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<32x64xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<64x64xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<64xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<128x64xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<128x64xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<64x128xf32>
    %v35:3 = call @layer_decode_b4_w64(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<64x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<5x64x2x16xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<64xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<64x64xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<32x64xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<32x64xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<64x64xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<64xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<128x64xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<128x64xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<64x128xf32>
    %v47:3 = call @layer_decode_b4_w64(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<64x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x2xi32>, tensor<4x2xi32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>) -> (tensor<64x4xf32>, tensor<5x64x2x16xf32>, tensor<5x64x2x16xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<5x64x2x16xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v48 = util.global.load @model.norm.weight : tensor<64xf32>
    %v49 = stablehlo.multiply %v47#0, %v47#0 : tensor<64x4xf32>
    %v50 = stablehlo.constant dense<0.0> : tensor<f32>
    %v51 = stablehlo.reduce(%v49 init: %v50) applies stablehlo.add across dimensions = [0] : (tensor<64x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v52 = stablehlo.constant dense<6.4e1> : tensor<f32>
    %v53 = stablehlo.broadcast_in_dim %v52, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v54 = stablehlo.divide %v51, %v53 : tensor<4xf32>
    %v55 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v57 = stablehlo.add %v54, %v56 : tensor<4xf32>
    %v58 = stablehlo.rsqrt %v57 : tensor<4xf32>
    %v59 = stablehlo.broadcast_in_dim %v58, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
    %v60 = stablehlo.multiply %v47#0, %v59 : tensor<64x4xf32>
    %v61 = stablehlo.broadcast_in_dim %v48, dims = [0] : (tensor<64xf32>) -> tensor<64x4xf32>
    %v62 = stablehlo.multiply %v60, %v61 : tensor<64x4xf32>
    return %v62 : tensor<64x4xf32>
  }

  func.func @decode_ragged_logits_b4_w64(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4x512xf32> {
    %v0 = call @forward_decode_b4_w64(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<64x4xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x4xf32>) -> tensor<512x4xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<512x4xf32>) -> tensor<4x512xf32>
    return %v3 : tensor<4x512xf32>
  }

  func.func @decode_ragged_argmax_b4_w64(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4xi32> {
    %v0 = call @forward_decode_b4_w64(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<64x4xf32>)
    %v1 = util.global.load @lm_head.weight : tensor<512x64xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x4xf32>) -> tensor<512x4xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<512x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<4xf32>) -> tensor<512x4xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<512x4xf32>, tensor<512x4xf32>) -> tensor<512x4xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<512x4xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<512x4xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<512x4xi1>, tensor<512x4xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<512x4xi32>, tensor<i32>) -> tensor<4xi32>
    return %v12 : tensor<4xi32>
  }

  func.func @copy_slot(%src: tensor<i32>, %dst: tensor<i32>) {
    %v0 = stablehlo.reshape %src : (tensor<i32>) -> tensor<1x1xi32>
    %v1 = stablehlo.reshape %dst : (tensor<i32>) -> tensor<1x1xi32>
    %v2 = util.global.load @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v3 = "stablehlo.gather"(%v2, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 2, 16>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>) -> tensor<1x64x2x16xf32>
    %v4 = "stablehlo.scatter"(%v2, %v1, %v3) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>, tensor<1x64x2x16xf32>) -> tensor<5x64x2x16xf32>
    util.global.store %v4, @cache.layers.0.k : tensor<5x64x2x16xf32>
    %v5 = util.global.load @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v6 = "stablehlo.gather"(%v5, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 2, 16>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>) -> tensor<1x64x2x16xf32>
    %v7 = "stablehlo.scatter"(%v5, %v1, %v6) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>, tensor<1x64x2x16xf32>) -> tensor<5x64x2x16xf32>
    util.global.store %v7, @cache.layers.0.v : tensor<5x64x2x16xf32>
    %v8 = util.global.load @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v9 = "stablehlo.gather"(%v8, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 2, 16>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>) -> tensor<1x64x2x16xf32>
    %v10 = "stablehlo.scatter"(%v8, %v1, %v9) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>, tensor<1x64x2x16xf32>) -> tensor<5x64x2x16xf32>
    util.global.store %v10, @cache.layers.1.k : tensor<5x64x2x16xf32>
    %v11 = util.global.load @cache.layers.1.v : tensor<5x64x2x16xf32>
    %v12 = "stablehlo.gather"(%v11, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 2, 16>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>) -> tensor<1x64x2x16xf32>
    %v13 = "stablehlo.scatter"(%v11, %v1, %v12) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x64x2x16xf32>, tensor<1x1xi32>, tensor<1x64x2x16xf32>) -> tensor<5x64x2x16xf32>
    util.global.store %v13, @cache.layers.1.v : tensor<5x64x2x16xf32>
    return
  }
}
