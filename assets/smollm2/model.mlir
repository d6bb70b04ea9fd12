module @model {
  util.global private @model.embed_tokens.weight = #flow.parameter.named<"model"::"model.embed_tokens.weight"> : tensor<49152x576xf32>
  util.global private @model.layers.0.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.0.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.0.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.0.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.0.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.0.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.0.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.0.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.0.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.0.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.0.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.0.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.0.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.1.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.1.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.1.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.1.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.1.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.1.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.1.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.1.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.1.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.1.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.1.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.1.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.1.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.2.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.2.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.2.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.2.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.2.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.2.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.2.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.2.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.2.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.2.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.2.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.2.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.2.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.2.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.2.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.2.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.2.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.2.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.3.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.3.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.3.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.3.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.3.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.3.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.3.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.3.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.3.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.3.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.3.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.3.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.3.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.3.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.3.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.3.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.3.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.3.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.4.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.4.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.4.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.4.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.4.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.4.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.4.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.4.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.4.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.4.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.4.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.4.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.4.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.4.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.4.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.4.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.4.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.4.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.5.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.5.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.5.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.5.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.5.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.5.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.5.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.5.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.5.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.5.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.5.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.5.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.5.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.5.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.5.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.5.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.5.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.5.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.6.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.6.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.6.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.6.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.6.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.6.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.6.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.6.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.6.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.6.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.6.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.6.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.6.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.6.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.6.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.6.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.6.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.6.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.7.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.7.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.7.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.7.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.7.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.7.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.7.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.7.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.7.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.7.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.7.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.7.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.7.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.7.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.7.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.7.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.7.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.7.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.8.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.8.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.8.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.8.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.8.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.8.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.8.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.8.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.8.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.8.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.8.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.8.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.8.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.8.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.8.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.8.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.8.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.8.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.9.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.9.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.9.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.9.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.9.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.9.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.9.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.9.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.9.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.9.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.9.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.9.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.9.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.9.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.9.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.9.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.9.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.9.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.10.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.10.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.10.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.10.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.10.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.10.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.10.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.10.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.10.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.10.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.10.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.10.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.10.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.10.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.10.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.10.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.10.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.10.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.11.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.11.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.11.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.11.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.11.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.11.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.11.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.11.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.11.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.11.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.11.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.11.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.11.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.11.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.11.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.11.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.11.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.11.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.12.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.12.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.12.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.12.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.12.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.12.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.12.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.12.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.12.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.12.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.12.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.12.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.12.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.12.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.12.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.12.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.12.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.12.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.13.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.13.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.13.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.13.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.13.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.13.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.13.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.13.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.13.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.13.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.13.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.13.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.13.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.13.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.13.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.13.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.13.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.13.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.14.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.14.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.14.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.14.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.14.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.14.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.14.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.14.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.14.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.14.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.14.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.14.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.14.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.14.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.14.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.14.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.14.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.14.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.15.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.15.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.15.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.15.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.15.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.15.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.15.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.15.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.15.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.15.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.15.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.15.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.15.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.15.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.15.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.15.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.15.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.15.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.16.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.16.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.16.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.16.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.16.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.16.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.16.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.16.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.16.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.16.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.16.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.16.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.16.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.16.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.16.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.16.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.16.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.16.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.17.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.17.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.17.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.17.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.17.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.17.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.17.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.17.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.17.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.17.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.17.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.17.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.17.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.17.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.17.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.17.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.17.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.17.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.18.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.18.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.18.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.18.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.18.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.18.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.18.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.18.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.18.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.18.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.18.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.18.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.18.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.18.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.18.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.18.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.18.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.18.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.19.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.19.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.19.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.19.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.19.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.19.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.19.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.19.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.19.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.19.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.19.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.19.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.19.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.19.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.19.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.19.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.19.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.19.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.20.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.20.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.20.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.20.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.20.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.20.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.20.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.20.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.20.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.20.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.20.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.20.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.20.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.20.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.20.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.20.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.20.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.20.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.21.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.21.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.21.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.21.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.21.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.21.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.21.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.21.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.21.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.21.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.21.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.21.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.21.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.21.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.21.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.21.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.21.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.21.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.22.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.22.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.22.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.22.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.22.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.22.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.22.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.22.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.22.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.22.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.22.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.22.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.22.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.22.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.22.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.22.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.22.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.22.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.23.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.23.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.23.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.23.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.23.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.23.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.23.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.23.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.23.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.23.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.23.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.23.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.23.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.23.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.23.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.23.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.23.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.23.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.24.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.24.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.24.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.24.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.24.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.24.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.24.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.24.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.24.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.24.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.24.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.24.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.24.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.24.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.24.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.24.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.24.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.24.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.25.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.25.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.25.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.25.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.25.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.25.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.25.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.25.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.25.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.25.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.25.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.25.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.25.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.25.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.25.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.25.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.25.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.25.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.26.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.26.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.26.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.26.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.26.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.26.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.26.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.26.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.26.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.26.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.26.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.26.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.26.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.26.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.26.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.26.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.26.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.26.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.27.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.27.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.27.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.27.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.27.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.27.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.27.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.27.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.27.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.27.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.27.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.27.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.27.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.27.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.27.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.27.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.27.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.27.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.28.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.28.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.28.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.28.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.28.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.28.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.28.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.28.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.28.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.28.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.28.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.28.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.28.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.28.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.28.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.28.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.28.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.28.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.layers.29.input_layernorm.weight = #flow.parameter.named<"model"::"model.layers.29.input_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.29.self_attn.q_proj.weight = #flow.parameter.named<"model"::"model.layers.29.self_attn.q_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.29.self_attn.k_proj.weight = #flow.parameter.named<"model"::"model.layers.29.self_attn.k_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.29.self_attn.v_proj.weight = #flow.parameter.named<"model"::"model.layers.29.self_attn.v_proj.weight"> : tensor<192x576xf32>
  util.global private @model.layers.29.self_attn.o_proj.weight = #flow.parameter.named<"model"::"model.layers.29.self_attn.o_proj.weight"> : tensor<576x576xf32>
  util.global private @model.layers.29.post_attention_layernorm.weight = #flow.parameter.named<"model"::"model.layers.29.post_attention_layernorm.weight"> : tensor<576xf32>
  util.global private @model.layers.29.mlp.gate_proj.weight = #flow.parameter.named<"model"::"model.layers.29.mlp.gate_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.29.mlp.up_proj.weight = #flow.parameter.named<"model"::"model.layers.29.mlp.up_proj.weight"> : tensor<1536x576xf32>
  util.global private @model.layers.29.mlp.down_proj.weight = #flow.parameter.named<"model"::"model.layers.29.mlp.down_proj.weight"> : tensor<576x1536xf32>
  util.global private @model.norm.weight = #flow.parameter.named<"model"::"model.norm.weight"> : tensor<576xf32>
  util.global private mutable @cache.layers.0.k = dense<0x00000000> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.0.v = dense<0x00000001> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.1.k = dense<0x00000002> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.1.v = dense<0x00000003> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.2.k = dense<0x00000004> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.2.v = dense<0x00000005> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.3.k = dense<0x00000006> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.3.v = dense<0x00000007> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.4.k = dense<0x00000008> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.4.v = dense<0x00000009> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.5.k = dense<0x0000000A> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.5.v = dense<0x0000000B> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.6.k = dense<0x0000000C> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.6.v = dense<0x0000000D> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.7.k = dense<0x0000000E> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.7.v = dense<0x0000000F> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.8.k = dense<0x00000010> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.8.v = dense<0x00000011> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.9.k = dense<0x00000012> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.9.v = dense<0x00000013> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.10.k = dense<0x00000014> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.10.v = dense<0x00000015> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.11.k = dense<0x00000016> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.11.v = dense<0x00000017> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.12.k = dense<0x00000018> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.12.v = dense<0x00000019> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.13.k = dense<0x0000001A> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.13.v = dense<0x0000001B> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.14.k = dense<0x0000001C> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.14.v = dense<0x0000001D> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.15.k = dense<0x0000001E> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.15.v = dense<0x0000001F> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.16.k = dense<0x00000020> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.16.v = dense<0x00000021> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.17.k = dense<0x00000022> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.17.v = dense<0x00000023> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.18.k = dense<0x00000024> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.18.v = dense<0x00000025> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.19.k = dense<0x00000026> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.19.v = dense<0x00000027> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.20.k = dense<0x00000028> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.20.v = dense<0x00000029> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.21.k = dense<0x0000002A> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.21.v = dense<0x0000002B> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.22.k = dense<0x0000002C> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.22.v = dense<0x0000002D> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.23.k = dense<0x0000002E> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.23.v = dense<0x0000002F> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.24.k = dense<0x00000030> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.24.v = dense<0x00000031> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.25.k = dense<0x00000032> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.25.v = dense<0x00000033> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.26.k = dense<0x00000034> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.26.v = dense<0x00000035> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.27.k = dense<0x00000036> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.27.v = dense<0x00000037> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.28.k = dense<0x00000038> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.28.v = dense<0x00000039> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.29.k = dense<0x0000003A> : tensor<9x2048x3x64xf32>
  util.global private mutable @cache.layers.29.v = dense<0x0000003B> : tensor<9x2048x3x64xf32>

  func.func private @layer_prefill_t32_w2048(%x: tensor<576x32xf32>, %cos: tensor<32x32xf32>, %sin: tensor<32x32xf32>, %kv_index: tensor<32x2xi32>, %query_pos: tensor<1x96xi32>, %slot: tensor<1x1xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x32xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x32xf32>, tensor<f32>) -> tensor<32xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<32xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<32xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<32xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<32xf32>) -> tensor<576x32xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x32xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x32xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x32xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x32xf32>) -> tensor<576x32xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x32xf32>) -> tensor<192x32xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x32xf32>) -> tensor<192x32xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x32xf32>) -> tensor<9x2x32x32xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:32] : (tensor<9x2x32x32xf32>) -> tensor<9x1x32x32xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:32] : (tensor<9x2x32x32xf32>) -> tensor<9x1x32x32xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x32xf32>) -> tensor<9x1x32x32xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x32xf32>) -> tensor<9x1x32x32xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x32xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x32xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x32xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x32xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x32xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x32xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x32xf32>, tensor<9x1x32x32xf32>) -> tensor<9x2x32x32xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x32xf32>) -> tensor<576x32xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x32xf32>) -> tensor<3x2x32x32xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:32] : (tensor<3x2x32x32xf32>) -> tensor<3x1x32x32xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:32] : (tensor<3x2x32x32xf32>) -> tensor<3x1x32x32xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x32xf32>) -> tensor<3x1x32x32xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x32xf32>) -> tensor<3x1x32x32xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x32xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x32xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x32xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x32xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x32xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x32xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x32xf32>, tensor<3x1x32x32xf32>) -> tensor<3x2x32x32xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x32xf32>) -> tensor<192x32xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x32xf32>) -> tensor<3x64x32xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x32xf32>) -> tensor<32x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<32x2xi32>, tensor<32x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x32xf32>) -> tensor<3x64x32xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x32xf32>) -> tensor<32x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<32x2xi32>, tensor<32x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x96xi32>) -> tensor<1x96x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x96x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x96x2048xi32>, tensor<1x96x2048xi32>) -> tensor<1x96x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x32xf32>) -> tensor<3x3x64x32xf32>
    %v53 = stablehlo.transpose %v52, dims = [0, 1, 3, 2] : (tensor<3x3x64x32xf32>) -> tensor<3x3x32x64xf32>
    %v54 = stablehlo.reshape %v53 : (tensor<3x3x32x64xf32>) -> tensor<1x3x96x64xf32>
    %v55 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1x96x2048xf32>
    %v57 = stablehlo.slice %v54 [0:1, 0:1, 0:96, 0:64] : (tensor<1x3x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v58 = stablehlo.reshape %v57 : (tensor<1x1x96x64xf32>) -> tensor<1x96x64xf32>
    %v59 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v60 = stablehlo.concatenate %slot, %v59, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v61 = "stablehlo.gather"(%v45, %v60) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v62 = stablehlo.reshape %v61 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v63 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v64 = stablehlo.concatenate %slot, %v63, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v65 = "stablehlo.gather"(%v48, %v64) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v66 = stablehlo.reshape %v65 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v67 = stablehlo.reshape %v58 : (tensor<1x96x64xf32>) -> tensor<96x64xf32>
    %v68 = stablehlo.reshape %v62 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v69 = stablehlo.dot_general %v67, %v68, contracting_dims = [1] x [1] : (tensor<96x64xf32>, tensor<2048x64xf32>) -> tensor<96x2048xf32>
    %v70 = stablehlo.reshape %v69 : (tensor<96x2048xf32>) -> tensor<1x96x2048xf32>
    %v71 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [] : (tensor<f32>) -> tensor<1x96x2048xf32>
    %v73 = stablehlo.multiply %v70, %v72 : tensor<1x96x2048xf32>
    %v74 = stablehlo.select %v51, %v73, %v56 : tensor<1x96x2048xi1>, tensor<1x96x2048xf32>
    %v75 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.maximum across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v78 = stablehlo.subtract %v74, %v77 : tensor<1x96x2048xf32>
    %v79 = stablehlo.exponential %v78 : tensor<1x96x2048xf32>
    %v80 = stablehlo.constant dense<0.0> : tensor<f32>
    %v81 = stablehlo.reduce(%v79 init: %v80) applies stablehlo.add across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v82 = stablehlo.broadcast_in_dim %v81, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v83 = stablehlo.divide %v79, %v82 : tensor<1x96x2048xf32>
    %v84 = stablehlo.reshape %v83 : (tensor<1x96x2048xf32>) -> tensor<96x2048xf32>
    %v85 = stablehlo.reshape %v66 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v86 = stablehlo.dot_general %v84, %v85, contracting_dims = [1] x [0] : (tensor<96x2048xf32>, tensor<2048x64xf32>) -> tensor<96x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<96x64xf32>) -> tensor<1x96x64xf32>
    %v88 = stablehlo.reshape %v87 : (tensor<1x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v89 = stablehlo.slice %v54 [0:1, 1:2, 0:96, 0:64] : (tensor<1x3x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v90 = stablehlo.reshape %v89 : (tensor<1x1x96x64xf32>) -> tensor<1x96x64xf32>
    %v91 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v92 = stablehlo.concatenate %slot, %v91, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v93 = "stablehlo.gather"(%v45, %v92) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v94 = stablehlo.reshape %v93 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v95 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v96 = stablehlo.concatenate %slot, %v95, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v97 = "stablehlo.gather"(%v48, %v96) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v98 = stablehlo.reshape %v97 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v99 = stablehlo.reshape %v90 : (tensor<1x96x64xf32>) -> tensor<96x64xf32>
    %v100 = stablehlo.reshape %v94 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v101 = stablehlo.dot_general %v99, %v100, contracting_dims = [1] x [1] : (tensor<96x64xf32>, tensor<2048x64xf32>) -> tensor<96x2048xf32>
    %v102 = stablehlo.reshape %v101 : (tensor<96x2048xf32>) -> tensor<1x96x2048xf32>
    %v103 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v104 = stablehlo.broadcast_in_dim %v103, dims = [] : (tensor<f32>) -> tensor<1x96x2048xf32>
    %v105 = stablehlo.multiply %v102, %v104 : tensor<1x96x2048xf32>
    %v106 = stablehlo.select %v51, %v105, %v56 : tensor<1x96x2048xi1>, tensor<1x96x2048xf32>
    %v107 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v108 = stablehlo.reduce(%v106 init: %v107) applies stablehlo.maximum across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v110 = stablehlo.subtract %v106, %v109 : tensor<1x96x2048xf32>
    %v111 = stablehlo.exponential %v110 : tensor<1x96x2048xf32>
    %v112 = stablehlo.constant dense<0.0> : tensor<f32>
    %v113 = stablehlo.reduce(%v111 init: %v112) applies stablehlo.add across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v114 = stablehlo.broadcast_in_dim %v113, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v115 = stablehlo.divide %v111, %v114 : tensor<1x96x2048xf32>
    %v116 = stablehlo.reshape %v115 : (tensor<1x96x2048xf32>) -> tensor<96x2048xf32>
    %v117 = stablehlo.reshape %v98 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v118 = stablehlo.dot_general %v116, %v117, contracting_dims = [1] x [0] : (tensor<96x2048xf32>, tensor<2048x64xf32>) -> tensor<96x64xf32>
    %v119 = stablehlo.reshape %v118 : (tensor<96x64xf32>) -> tensor<1x96x64xf32>
    %v120 = stablehlo.reshape %v119 : (tensor<1x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v121 = stablehlo.slice %v54 [0:1, 2:3, 0:96, 0:64] : (tensor<1x3x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v122 = stablehlo.reshape %v121 : (tensor<1x1x96x64xf32>) -> tensor<1x96x64xf32>
    %v123 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v124 = stablehlo.concatenate %slot, %v123, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v125 = "stablehlo.gather"(%v45, %v124) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v126 = stablehlo.reshape %v125 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v127 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v128 = stablehlo.concatenate %slot, %v127, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v129 = "stablehlo.gather"(%v48, %v128) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v130 = stablehlo.reshape %v129 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v131 = stablehlo.reshape %v122 : (tensor<1x96x64xf32>) -> tensor<96x64xf32>
    %v132 = stablehlo.reshape %v126 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v133 = stablehlo.dot_general %v131, %v132, contracting_dims = [1] x [1] : (tensor<96x64xf32>, tensor<2048x64xf32>) -> tensor<96x2048xf32>
    %v134 = stablehlo.reshape %v133 : (tensor<96x2048xf32>) -> tensor<1x96x2048xf32>
    %v135 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v136 = stablehlo.broadcast_in_dim %v135, dims = [] : (tensor<f32>) -> tensor<1x96x2048xf32>
    %v137 = stablehlo.multiply %v134, %v136 : tensor<1x96x2048xf32>
    %v138 = stablehlo.select %v51, %v137, %v56 : tensor<1x96x2048xi1>, tensor<1x96x2048xf32>
    %v139 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v140 = stablehlo.reduce(%v138 init: %v139) applies stablehlo.maximum across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v141 = stablehlo.broadcast_in_dim %v140, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v142 = stablehlo.subtract %v138, %v141 : tensor<1x96x2048xf32>
    %v143 = stablehlo.exponential %v142 : tensor<1x96x2048xf32>
    %v144 = stablehlo.constant dense<0.0> : tensor<f32>
    %v145 = stablehlo.reduce(%v143 init: %v144) applies stablehlo.add across dimensions = [2] : (tensor<1x96x2048xf32>, tensor<f32>) -> tensor<1x96xf32>
    %v146 = stablehlo.broadcast_in_dim %v145, dims = [0, 1] : (tensor<1x96xf32>) -> tensor<1x96x2048xf32>
    %v147 = stablehlo.divide %v143, %v146 : tensor<1x96x2048xf32>
    %v148 = stablehlo.reshape %v147 : (tensor<1x96x2048xf32>) -> tensor<96x2048xf32>
    %v149 = stablehlo.reshape %v130 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v150 = stablehlo.dot_general %v148, %v149, contracting_dims = [1] x [0] : (tensor<96x2048xf32>, tensor<2048x64xf32>) -> tensor<96x64xf32>
    %v151 = stablehlo.reshape %v150 : (tensor<96x64xf32>) -> tensor<1x96x64xf32>
    %v152 = stablehlo.reshape %v151 : (tensor<1x96x64xf32>) -> tensor<1x1x96x64xf32>
    %v153 = stablehlo.concatenate %v88, %v120, %v152, dim = 1 : (tensor<1x1x96x64xf32>, tensor<1x1x96x64xf32>, tensor<1x1x96x64xf32>) -> tensor<1x3x96x64xf32>
    %v154 = stablehlo.reshape %v153 : (tensor<1x3x96x64xf32>) -> tensor<3x3x32x64xf32>
    %v155 = stablehlo.transpose %v154, dims = [0, 1, 3, 2] : (tensor<3x3x32x64xf32>) -> tensor<3x3x64x32xf32>
    %v156 = stablehlo.reshape %v155 : (tensor<3x3x64x32xf32>) -> tensor<576x32xf32>
    %v157 = stablehlo.dot_general %self_attn_o_proj_weight, %v156, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x32xf32>) -> tensor<576x32xf32>
    %v158 = stablehlo.add %x, %v157 : tensor<576x32xf32>
    %v159 = stablehlo.multiply %v158, %v158 : tensor<576x32xf32>
    %v160 = stablehlo.constant dense<0.0> : tensor<f32>
    %v161 = stablehlo.reduce(%v159 init: %v160) applies stablehlo.add across dimensions = [0] : (tensor<576x32xf32>, tensor<f32>) -> tensor<32xf32>
    %v162 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v163 = stablehlo.broadcast_in_dim %v162, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %v164 = stablehlo.divide %v161, %v163 : tensor<32xf32>
    %v165 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v166 = stablehlo.broadcast_in_dim %v165, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %v167 = stablehlo.add %v164, %v166 : tensor<32xf32>
    %v168 = stablehlo.rsqrt %v167 : tensor<32xf32>
    %v169 = stablehlo.broadcast_in_dim %v168, dims = [1] : (tensor<32xf32>) -> tensor<576x32xf32>
    %v170 = stablehlo.multiply %v158, %v169 : tensor<576x32xf32>
    %v171 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x32xf32>
    %v172 = stablehlo.multiply %v170, %v171 : tensor<576x32xf32>
    %v173 = stablehlo.dot_general %mlp_gate_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x32xf32>) -> tensor<1536x32xf32>
    %v174 = stablehlo.dot_general %mlp_up_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x32xf32>) -> tensor<1536x32xf32>
    %v175 = stablehlo.logistic %v173 : tensor<1536x32xf32>
    %v176 = stablehlo.multiply %v173, %v175 : tensor<1536x32xf32>
    %v177 = stablehlo.multiply %v176, %v174 : tensor<1536x32xf32>
    %v178 = stablehlo.dot_general %mlp_down_proj_weight, %v177, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x32xf32>) -> tensor<576x32xf32>
    %v179 = stablehlo.add %v158, %v178 : tensor<576x32xf32>
    return %v179, %v45, %v48 : tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_prefill_t32_w2048(%tokens: tensor<32xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.iota dim = 0 : tensor<32xi32>
    %v1 = stablehlo.broadcast_in_dim %start, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %v2 = stablehlo.add %v0, %v1 : tensor<32xi32>
    %v3 = stablehlo.broadcast_in_dim %len, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %v4 = stablehlo.compare LT, %v0, %v3, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %v5 = stablehlo.broadcast_in_dim %slot, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %v6 = stablehlo.constant dense<8> : tensor<i32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %v8 = stablehlo.select %v4, %v5, %v7 : tensor<32xi1>, tensor<32xi32>
    %v9 = stablehlo.select %v4, %v2, %v0 : tensor<32xi1>, tensor<32xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<32xi32>) -> tensor<32x1xi32>
    %v11 = stablehlo.reshape %v9 : (tensor<32xi32>) -> tensor<32x1xi32>
    %v12 = stablehlo.concatenate %v10, %v11, dim = 1 : (tensor<32x1xi32>, tensor<32x1xi32>) -> tensor<32x2xi32>
    %v13 = stablehlo.broadcast_in_dim %v2, dims = [2] : (tensor<32xi32>) -> tensor<1x3x32xi32>
    %v14 = stablehlo.reshape %v13 : (tensor<1x3x32xi32>) -> tensor<1x96xi32>
    %v15 = stablehlo.reshape %slot : (tensor<i32>) -> tensor<1x1xi32>
    %v16 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v17 = stablehlo.broadcast_in_dim %v16, dims = [0] : (tensor<32xf32>) -> tensor<32x32xf32>
    %v18 = stablehlo.convert %v2 : (tensor<32xi32>) -> tensor<32xf32>
    %v19 = stablehlo.broadcast_in_dim %v18, dims = [1] : (tensor<32xf32>) -> tensor<32x32xf32>
    %v20 = stablehlo.multiply %v19, %v17 : tensor<32x32xf32>
    %v21 = stablehlo.cosine %v20 : tensor<32x32xf32>
    %v22 = stablehlo.sine %v20 : tensor<32x32xf32>
    %v23 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v24 = stablehlo.reshape %tokens : (tensor<32xi32>) -> tensor<32x1xi32>
    %v25 = "stablehlo.gather"(%v23, %v24) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<32x1xi32>) -> tensor<32x576xf32>
    %v26 = stablehlo.transpose %v25, dims = [1, 0] : (tensor<32x576xf32>) -> tensor<576x32xf32>
    %v27 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v28 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v29 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v32 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v33 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v34 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v35 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v36 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v37 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v38:3 = call @layer_prefill_t32_w2048(%v26, %v21, %v22, %v12, %v14, %v15, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34, %v35, %v36, %v37) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v38#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v38#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v39 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v40 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v41 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v44 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v45 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v46 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v47 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v48 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v49 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v50:3 = call @layer_prefill_t32_w2048(%v38#0, %v21, %v22, %v12, %v14, %v15, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46, %v47, %v48, %v49) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v50#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v50#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v51 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v52 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v53 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v56 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v57 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v58 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v59 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v60 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v61 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v62:3 = call @layer_prefill_t32_w2048(%v50#0, %v21, %v22, %v12, %v14, %v15, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58, %v59, %v60, %v61) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v62#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v62#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v63 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v64 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v65 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v68 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v69 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v70 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v71 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v72 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v73 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v74:3 = call @layer_prefill_t32_w2048(%v62#0, %v21, %v22, %v12, %v14, %v15, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70, %v71, %v72, %v73) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v74#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v74#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v75 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v76 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v77 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v80 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v81 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v82 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v83 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v84 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v85 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v86:3 = call @layer_prefill_t32_w2048(%v74#0, %v21, %v22, %v12, %v14, %v15, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82, %v83, %v84, %v85) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v86#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v86#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v87 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v88 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v89 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v92 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v93 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v94 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v95 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v96 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v97 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v98:3 = call @layer_prefill_t32_w2048(%v86#0, %v21, %v22, %v12, %v14, %v15, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94, %v95, %v96, %v97) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v98#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v98#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v99 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v100 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v101 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v104 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v105 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v106 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v107 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v108 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v109 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v110:3 = call @layer_prefill_t32_w2048(%v98#0, %v21, %v22, %v12, %v14, %v15, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106, %v107, %v108, %v109) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v110#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v110#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v111 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v112 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v113 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v116 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v117 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v118 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v119 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v120 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v121 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v122:3 = call @layer_prefill_t32_w2048(%v110#0, %v21, %v22, %v12, %v14, %v15, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118, %v119, %v120, %v121) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v122#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v122#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v123 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v124 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v125 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v128 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v129 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v130 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v131 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v132 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v133 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v134:3 = call @layer_prefill_t32_w2048(%v122#0, %v21, %v22, %v12, %v14, %v15, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130, %v131, %v132, %v133) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v134#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v134#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v135 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v136 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v137 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v140 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v141 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v142 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v143 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v144 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v145 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v146:3 = call @layer_prefill_t32_w2048(%v134#0, %v21, %v22, %v12, %v14, %v15, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142, %v143, %v144, %v145) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v146#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v146#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v147 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v148 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v149 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v152 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v153 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v154 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v155 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v156 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v157 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v158:3 = call @layer_prefill_t32_w2048(%v146#0, %v21, %v22, %v12, %v14, %v15, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154, %v155, %v156, %v157) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v158#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v158#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v159 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v160 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v161 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v164 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v165 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v166 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v167 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v168 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v169 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v170:3 = call @layer_prefill_t32_w2048(%v158#0, %v21, %v22, %v12, %v14, %v15, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166, %v167, %v168, %v169) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v170#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v170#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v171 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v172 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v173 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v176 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v177 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v178 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v179 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v180 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v181 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v182:3 = call @layer_prefill_t32_w2048(%v170#0, %v21, %v22, %v12, %v14, %v15, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178, %v179, %v180, %v181) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v182#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v182#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v183 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v184 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v185 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v188 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v189 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v190 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v191 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v192 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v193 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v194:3 = call @layer_prefill_t32_w2048(%v182#0, %v21, %v22, %v12, %v14, %v15, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190, %v191, %v192, %v193) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v194#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v194#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v195 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v196 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v197 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v200 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v201 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v202 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v203 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v204 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v205 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v206:3 = call @layer_prefill_t32_w2048(%v194#0, %v21, %v22, %v12, %v14, %v15, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202, %v203, %v204, %v205) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v206#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v206#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v207 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v208 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v209 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v212 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v213 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v214 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v215 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v216 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v217 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v218:3 = call @layer_prefill_t32_w2048(%v206#0, %v21, %v22, %v12, %v14, %v15, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214, %v215, %v216, %v217) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v218#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v218#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v219 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v220 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v221 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v224 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v225 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v226 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v227 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v228 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v229 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v230:3 = call @layer_prefill_t32_w2048(%v218#0, %v21, %v22, %v12, %v14, %v15, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226, %v227, %v228, %v229) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v230#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v230#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v231 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v232 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v233 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v236 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v237 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v238 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v239 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v240 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v241 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v242:3 = call @layer_prefill_t32_w2048(%v230#0, %v21, %v22, %v12, %v14, %v15, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238, %v239, %v240, %v241) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v242#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v242#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v243 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v244 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v245 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v248 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v249 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v250 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v251 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v252 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v253 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v254:3 = call @layer_prefill_t32_w2048(%v242#0, %v21, %v22, %v12, %v14, %v15, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250, %v251, %v252, %v253) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v254#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v254#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v255 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v256 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v257 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v260 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v261 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v262 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v263 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v264 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v265 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v266:3 = call @layer_prefill_t32_w2048(%v254#0, %v21, %v22, %v12, %v14, %v15, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262, %v263, %v264, %v265) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v266#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v266#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v267 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v268 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v269 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v272 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v273 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v274 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v275 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v276 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v277 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v278:3 = call @layer_prefill_t32_w2048(%v266#0, %v21, %v22, %v12, %v14, %v15, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274, %v275, %v276, %v277) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v278#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v278#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v279 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v280 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v281 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v284 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v285 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v286 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v287 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v288 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v289 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v290:3 = call @layer_prefill_t32_w2048(%v278#0, %v21, %v22, %v12, %v14, %v15, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286, %v287, %v288, %v289) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v290#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v290#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v291 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v292 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v293 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v296 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v297 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v298 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v299 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v300 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v301 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v302:3 = call @layer_prefill_t32_w2048(%v290#0, %v21, %v22, %v12, %v14, %v15, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298, %v299, %v300, %v301) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v302#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v302#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v303 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v304 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v305 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v308 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v309 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v310 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v311 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v312 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v313 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v314:3 = call @layer_prefill_t32_w2048(%v302#0, %v21, %v22, %v12, %v14, %v15, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310, %v311, %v312, %v313) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v314#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v314#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v315 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v316 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v317 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v320 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v321 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v322 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v323 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v324 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v325 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v326:3 = call @layer_prefill_t32_w2048(%v314#0, %v21, %v22, %v12, %v14, %v15, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322, %v323, %v324, %v325) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v326#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v326#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v327 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v328 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v329 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v332 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v333 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v334 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v335 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v336 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v337 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v338:3 = call @layer_prefill_t32_w2048(%v326#0, %v21, %v22, %v12, %v14, %v15, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334, %v335, %v336, %v337) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v338#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v338#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v339 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v340 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v341 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v344 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v345 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v346 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v347 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v348 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v349 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v350:3 = call @layer_prefill_t32_w2048(%v338#0, %v21, %v22, %v12, %v14, %v15, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346, %v347, %v348, %v349) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v350#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v350#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v351 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v352 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v353 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v356 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v357 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v358 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v359 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v360 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v361 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v362:3 = call @layer_prefill_t32_w2048(%v350#0, %v21, %v22, %v12, %v14, %v15, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358, %v359, %v360, %v361) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v362#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v362#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v363 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v364 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v365 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v368 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v369 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v370 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v371 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v372 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v373 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v374:3 = call @layer_prefill_t32_w2048(%v362#0, %v21, %v22, %v12, %v14, %v15, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370, %v371, %v372, %v373) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v374#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v374#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v375 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v376 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v377 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v380 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v381 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v382 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v383 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v384 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v385 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v386:3 = call @layer_prefill_t32_w2048(%v374#0, %v21, %v22, %v12, %v14, %v15, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382, %v383, %v384, %v385) : (tensor<576x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x2xi32>, tensor<1x96xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x32xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v386#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v386#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v387 = stablehlo.constant dense<1> : tensor<i32>
    %v388 = stablehlo.subtract %len, %v387 : tensor<i32>
    %v389 = stablehlo.reshape %v388 : (tensor<i32>) -> tensor<1x1xi32>
    %v390 = "stablehlo.gather"(%v386#0, %v389) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 576, 1>} : (tensor<576x32xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v391 = stablehlo.reshape %v390 : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v392 = util.global.load @model.norm.weight : tensor<576xf32>
    %v393 = stablehlo.multiply %v391, %v391 : tensor<576x1xf32>
    %v394 = stablehlo.constant dense<0.0> : tensor<f32>
    %v395 = stablehlo.reduce(%v393 init: %v394) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v396 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v397 = stablehlo.broadcast_in_dim %v396, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v398 = stablehlo.divide %v395, %v397 : tensor<1xf32>
    %v399 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v400 = stablehlo.broadcast_in_dim %v399, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v401 = stablehlo.add %v398, %v400 : tensor<1xf32>
    %v402 = stablehlo.rsqrt %v401 : tensor<1xf32>
    %v403 = stablehlo.broadcast_in_dim %v402, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v404 = stablehlo.multiply %v391, %v403 : tensor<576x1xf32>
    %v405 = stablehlo.broadcast_in_dim %v392, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v406 = stablehlo.multiply %v404, %v405 : tensor<576x1xf32>
    return %v406 : tensor<576x1xf32>
  }

  func.func @prefill_logits_t32(%tokens: tensor<32xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<49152xf32> {
    %v0 = call @forward_prefill_t32_w2048(%tokens, %start, %len, %slot) : (tensor<32xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.reshape %v2 : (tensor<49152x1xf32>) -> tensor<49152xf32>
    return %v3 : tensor<49152xf32>
  }

  func.func @prefill_argmax_t32(%tokens: tensor<32xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<i32> {
    %v0 = call @forward_prefill_t32_w2048(%tokens, %start, %len, %slot) : (tensor<32xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    %v13 = stablehlo.reshape %v12 : (tensor<1xi32>) -> tensor<i32>
    return %v13 : tensor<i32>
  }

  func.func private @layer_prefill_t128_w2048(%x: tensor<576x128xf32>, %cos: tensor<32x128xf32>, %sin: tensor<32x128xf32>, %kv_index: tensor<128x2xi32>, %query_pos: tensor<1x384xi32>, %slot: tensor<1x1xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x128xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x128xf32>, tensor<f32>) -> tensor<128xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<128xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<128xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<128xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<128xf32>) -> tensor<576x128xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x128xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x128xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x128xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x128xf32>) -> tensor<576x128xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x128xf32>) -> tensor<192x128xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x128xf32>) -> tensor<192x128xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x128xf32>) -> tensor<9x2x32x128xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:128] : (tensor<9x2x32x128xf32>) -> tensor<9x1x32x128xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:128] : (tensor<9x2x32x128xf32>) -> tensor<9x1x32x128xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x128xf32>) -> tensor<9x1x32x128xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x128xf32>) -> tensor<9x1x32x128xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x128xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x128xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x128xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x128xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x128xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x128xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x128xf32>, tensor<9x1x32x128xf32>) -> tensor<9x2x32x128xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x128xf32>) -> tensor<576x128xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x128xf32>) -> tensor<3x2x32x128xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:128] : (tensor<3x2x32x128xf32>) -> tensor<3x1x32x128xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:128] : (tensor<3x2x32x128xf32>) -> tensor<3x1x32x128xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x128xf32>) -> tensor<3x1x32x128xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x128xf32>) -> tensor<3x1x32x128xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x128xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x128xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x128xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x128xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x128xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x128xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x128xf32>, tensor<3x1x32x128xf32>) -> tensor<3x2x32x128xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x128xf32>) -> tensor<192x128xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x128xf32>) -> tensor<3x64x128xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x128xf32>) -> tensor<128x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<128x2xi32>, tensor<128x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x128xf32>) -> tensor<3x64x128xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x128xf32>) -> tensor<128x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<128x2xi32>, tensor<128x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x384xi32>) -> tensor<1x384x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x384x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x384x2048xi32>, tensor<1x384x2048xi32>) -> tensor<1x384x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x128xf32>) -> tensor<3x3x64x128xf32>
    %v53 = stablehlo.transpose %v52, dims = [0, 1, 3, 2] : (tensor<3x3x64x128xf32>) -> tensor<3x3x128x64xf32>
    %v54 = stablehlo.reshape %v53 : (tensor<3x3x128x64xf32>) -> tensor<1x3x384x64xf32>
    %v55 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1x384x2048xf32>
    %v57 = stablehlo.slice %v54 [0:1, 0:1, 0:384, 0:64] : (tensor<1x3x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v58 = stablehlo.reshape %v57 : (tensor<1x1x384x64xf32>) -> tensor<1x384x64xf32>
    %v59 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v60 = stablehlo.concatenate %slot, %v59, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v61 = "stablehlo.gather"(%v45, %v60) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v62 = stablehlo.reshape %v61 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v63 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v64 = stablehlo.concatenate %slot, %v63, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v65 = "stablehlo.gather"(%v48, %v64) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v66 = stablehlo.reshape %v65 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v67 = stablehlo.reshape %v58 : (tensor<1x384x64xf32>) -> tensor<384x64xf32>
    %v68 = stablehlo.reshape %v62 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v69 = stablehlo.dot_general %v67, %v68, contracting_dims = [1] x [1] : (tensor<384x64xf32>, tensor<2048x64xf32>) -> tensor<384x2048xf32>
    %v70 = stablehlo.reshape %v69 : (tensor<384x2048xf32>) -> tensor<1x384x2048xf32>
    %v71 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [] : (tensor<f32>) -> tensor<1x384x2048xf32>
    %v73 = stablehlo.multiply %v70, %v72 : tensor<1x384x2048xf32>
    %v74 = stablehlo.select %v51, %v73, %v56 : tensor<1x384x2048xi1>, tensor<1x384x2048xf32>
    %v75 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.maximum across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v78 = stablehlo.subtract %v74, %v77 : tensor<1x384x2048xf32>
    %v79 = stablehlo.exponential %v78 : tensor<1x384x2048xf32>
    %v80 = stablehlo.constant dense<0.0> : tensor<f32>
    %v81 = stablehlo.reduce(%v79 init: %v80) applies stablehlo.add across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v82 = stablehlo.broadcast_in_dim %v81, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v83 = stablehlo.divide %v79, %v82 : tensor<1x384x2048xf32>
    %v84 = stablehlo.reshape %v83 : (tensor<1x384x2048xf32>) -> tensor<384x2048xf32>
    %v85 = stablehlo.reshape %v66 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v86 = stablehlo.dot_general %v84, %v85, contracting_dims = [1] x [0] : (tensor<384x2048xf32>, tensor<2048x64xf32>) -> tensor<384x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<384x64xf32>) -> tensor<1x384x64xf32>
    %v88 = stablehlo.reshape %v87 : (tensor<1x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v89 = stablehlo.slice %v54 [0:1, 1:2, 0:384, 0:64] : (tensor<1x3x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v90 = stablehlo.reshape %v89 : (tensor<1x1x384x64xf32>) -> tensor<1x384x64xf32>
    %v91 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v92 = stablehlo.concatenate %slot, %v91, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v93 = "stablehlo.gather"(%v45, %v92) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v94 = stablehlo.reshape %v93 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v95 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v96 = stablehlo.concatenate %slot, %v95, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v97 = "stablehlo.gather"(%v48, %v96) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v98 = stablehlo.reshape %v97 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v99 = stablehlo.reshape %v90 : (tensor<1x384x64xf32>) -> tensor<384x64xf32>
    %v100 = stablehlo.reshape %v94 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v101 = stablehlo.dot_general %v99, %v100, contracting_dims = [1] x [1] : (tensor<384x64xf32>, tensor<2048x64xf32>) -> tensor<384x2048xf32>
    %v102 = stablehlo.reshape %v101 : (tensor<384x2048xf32>) -> tensor<1x384x2048xf32>
    %v103 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v104 = stablehlo.broadcast_in_dim %v103, dims = [] : (tensor<f32>) -> tensor<1x384x2048xf32>
    %v105 = stablehlo.multiply %v102, %v104 : tensor<1x384x2048xf32>
    %v106 = stablehlo.select %v51, %v105, %v56 : tensor<1x384x2048xi1>, tensor<1x384x2048xf32>
    %v107 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v108 = stablehlo.reduce(%v106 init: %v107) applies stablehlo.maximum across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v110 = stablehlo.subtract %v106, %v109 : tensor<1x384x2048xf32>
    %v111 = stablehlo.exponential %v110 : tensor<1x384x2048xf32>
    %v112 = stablehlo.constant dense<0.0> : tensor<f32>
    %v113 = stablehlo.reduce(%v111 init: %v112) applies stablehlo.add across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v114 = stablehlo.broadcast_in_dim %v113, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v115 = stablehlo.divide %v111, %v114 : tensor<1x384x2048xf32>
    %v116 = stablehlo.reshape %v115 : (tensor<1x384x2048xf32>) -> tensor<384x2048xf32>
    %v117 = stablehlo.reshape %v98 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v118 = stablehlo.dot_general %v116, %v117, contracting_dims = [1] x [0] : (tensor<384x2048xf32>, tensor<2048x64xf32>) -> tensor<384x64xf32>
    %v119 = stablehlo.reshape %v118 : (tensor<384x64xf32>) -> tensor<1x384x64xf32>
    %v120 = stablehlo.reshape %v119 : (tensor<1x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v121 = stablehlo.slice %v54 [0:1, 2:3, 0:384, 0:64] : (tensor<1x3x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v122 = stablehlo.reshape %v121 : (tensor<1x1x384x64xf32>) -> tensor<1x384x64xf32>
    %v123 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v124 = stablehlo.concatenate %slot, %v123, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v125 = "stablehlo.gather"(%v45, %v124) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v126 = stablehlo.reshape %v125 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v127 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v128 = stablehlo.concatenate %slot, %v127, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v129 = "stablehlo.gather"(%v48, %v128) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v130 = stablehlo.reshape %v129 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v131 = stablehlo.reshape %v122 : (tensor<1x384x64xf32>) -> tensor<384x64xf32>
    %v132 = stablehlo.reshape %v126 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v133 = stablehlo.dot_general %v131, %v132, contracting_dims = [1] x [1] : (tensor<384x64xf32>, tensor<2048x64xf32>) -> tensor<384x2048xf32>
    %v134 = stablehlo.reshape %v133 : (tensor<384x2048xf32>) -> tensor<1x384x2048xf32>
    %v135 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v136 = stablehlo.broadcast_in_dim %v135, dims = [] : (tensor<f32>) -> tensor<1x384x2048xf32>
    %v137 = stablehlo.multiply %v134, %v136 : tensor<1x384x2048xf32>
    %v138 = stablehlo.select %v51, %v137, %v56 : tensor<1x384x2048xi1>, tensor<1x384x2048xf32>
    %v139 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v140 = stablehlo.reduce(%v138 init: %v139) applies stablehlo.maximum across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v141 = stablehlo.broadcast_in_dim %v140, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v142 = stablehlo.subtract %v138, %v141 : tensor<1x384x2048xf32>
    %v143 = stablehlo.exponential %v142 : tensor<1x384x2048xf32>
    %v144 = stablehlo.constant dense<0.0> : tensor<f32>
    %v145 = stablehlo.reduce(%v143 init: %v144) applies stablehlo.add across dimensions = [2] : (tensor<1x384x2048xf32>, tensor<f32>) -> tensor<1x384xf32>
    %v146 = stablehlo.broadcast_in_dim %v145, dims = [0, 1] : (tensor<1x384xf32>) -> tensor<1x384x2048xf32>
    %v147 = stablehlo.divide %v143, %v146 : tensor<1x384x2048xf32>
    %v148 = stablehlo.reshape %v147 : (tensor<1x384x2048xf32>) -> tensor<384x2048xf32>
    %v149 = stablehlo.reshape %v130 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v150 = stablehlo.dot_general %v148, %v149, contracting_dims = [1] x [0] : (tensor<384x2048xf32>, tensor<2048x64xf32>) -> tensor<384x64xf32>
    %v151 = stablehlo.reshape %v150 : (tensor<384x64xf32>) -> tensor<1x384x64xf32>
    %v152 = stablehlo.reshape %v151 : (tensor<1x384x64xf32>) -> tensor<1x1x384x64xf32>
    %v153 = stablehlo.concatenate %v88, %v120, %v152, dim = 1 : (tensor<1x1x384x64xf32>, tensor<1x1x384x64xf32>, tensor<1x1x384x64xf32>) -> tensor<1x3x384x64xf32>
    %v154 = stablehlo.reshape %v153 : (tensor<1x3x384x64xf32>) -> tensor<3x3x128x64xf32>
    %v155 = stablehlo.transpose %v154, dims = [0, 1, 3, 2] : (tensor<3x3x128x64xf32>) -> tensor<3x3x64x128xf32>
    %v156 = stablehlo.reshape %v155 : (tensor<3x3x64x128xf32>) -> tensor<576x128xf32>
    %v157 = stablehlo.dot_general %self_attn_o_proj_weight, %v156, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x128xf32>) -> tensor<576x128xf32>
    %v158 = stablehlo.add %x, %v157 : tensor<576x128xf32>
    %v159 = stablehlo.multiply %v158, %v158 : tensor<576x128xf32>
    %v160 = stablehlo.constant dense<0.0> : tensor<f32>
    %v161 = stablehlo.reduce(%v159 init: %v160) applies stablehlo.add across dimensions = [0] : (tensor<576x128xf32>, tensor<f32>) -> tensor<128xf32>
    %v162 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v163 = stablehlo.broadcast_in_dim %v162, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %v164 = stablehlo.divide %v161, %v163 : tensor<128xf32>
    %v165 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v166 = stablehlo.broadcast_in_dim %v165, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %v167 = stablehlo.add %v164, %v166 : tensor<128xf32>
    %v168 = stablehlo.rsqrt %v167 : tensor<128xf32>
    %v169 = stablehlo.broadcast_in_dim %v168, dims = [1] : (tensor<128xf32>) -> tensor<576x128xf32>
    %v170 = stablehlo.multiply %v158, %v169 : tensor<576x128xf32>
    %v171 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x128xf32>
    %v172 = stablehlo.multiply %v170, %v171 : tensor<576x128xf32>
    %v173 = stablehlo.dot_general %mlp_gate_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x128xf32>) -> tensor<1536x128xf32>
    %v174 = stablehlo.dot_general %mlp_up_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x128xf32>) -> tensor<1536x128xf32>
    %v175 = stablehlo.logistic %v173 : tensor<1536x128xf32>
    %v176 = stablehlo.multiply %v173, %v175 : tensor<1536x128xf32>
    %v177 = stablehlo.multiply %v176, %v174 : tensor<1536x128xf32>
    %v178 = stablehlo.dot_general %mlp_down_proj_weight, %v177, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x128xf32>) -> tensor<576x128xf32>
    %v179 = stablehlo.add %v158, %v178 : tensor<576x128xf32>
    return %v179, %v45, %v48 : tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_prefill_t128_w2048(%tokens: tensor<128xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.iota dim = 0 : tensor<128xi32>
    %v1 = stablehlo.broadcast_in_dim %start, dims = [] : (tensor<i32>) -> tensor<128xi32>
    %v2 = stablehlo.add %v0, %v1 : tensor<128xi32>
    %v3 = stablehlo.broadcast_in_dim %len, dims = [] : (tensor<i32>) -> tensor<128xi32>
    %v4 = stablehlo.compare LT, %v0, %v3, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %v5 = stablehlo.broadcast_in_dim %slot, dims = [] : (tensor<i32>) -> tensor<128xi32>
    %v6 = stablehlo.constant dense<8> : tensor<i32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<i32>) -> tensor<128xi32>
    %v8 = stablehlo.select %v4, %v5, %v7 : tensor<128xi1>, tensor<128xi32>
    %v9 = stablehlo.select %v4, %v2, %v0 : tensor<128xi1>, tensor<128xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<128xi32>) -> tensor<128x1xi32>
    %v11 = stablehlo.reshape %v9 : (tensor<128xi32>) -> tensor<128x1xi32>
    %v12 = stablehlo.concatenate %v10, %v11, dim = 1 : (tensor<128x1xi32>, tensor<128x1xi32>) -> tensor<128x2xi32>
    %v13 = stablehlo.broadcast_in_dim %v2, dims = [2] : (tensor<128xi32>) -> tensor<1x3x128xi32>
    %v14 = stablehlo.reshape %v13 : (tensor<1x3x128xi32>) -> tensor<1x384xi32>
    %v15 = stablehlo.reshape %slot : (tensor<i32>) -> tensor<1x1xi32>
    %v16 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v17 = stablehlo.broadcast_in_dim %v16, dims = [0] : (tensor<32xf32>) -> tensor<32x128xf32>
    %v18 = stablehlo.convert %v2 : (tensor<128xi32>) -> tensor<128xf32>
    %v19 = stablehlo.broadcast_in_dim %v18, dims = [1] : (tensor<128xf32>) -> tensor<32x128xf32>
    %v20 = stablehlo.multiply %v19, %v17 : tensor<32x128xf32>
    %v21 = stablehlo.cosine %v20 : tensor<32x128xf32>
    %v22 = stablehlo.sine %v20 : tensor<32x128xf32>
    %v23 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v24 = stablehlo.reshape %tokens : (tensor<128xi32>) -> tensor<128x1xi32>
    %v25 = "stablehlo.gather"(%v23, %v24) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<128x1xi32>) -> tensor<128x576xf32>
    %v26 = stablehlo.transpose %v25, dims = [1, 0] : (tensor<128x576xf32>) -> tensor<576x128xf32>
    %v27 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v28 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v29 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v32 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v33 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v34 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v35 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v36 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v37 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v38:3 = call @layer_prefill_t128_w2048(%v26, %v21, %v22, %v12, %v14, %v15, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34, %v35, %v36, %v37) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v38#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v38#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v39 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v40 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v41 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v44 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v45 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v46 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v47 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v48 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v49 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v50:3 = call @layer_prefill_t128_w2048(%v38#0, %v21, %v22, %v12, %v14, %v15, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46, %v47, %v48, %v49) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v50#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v50#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v51 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v52 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v53 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v56 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v57 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v58 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v59 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v60 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v61 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v62:3 = call @layer_prefill_t128_w2048(%v50#0, %v21, %v22, %v12, %v14, %v15, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58, %v59, %v60, %v61) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v62#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v62#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v63 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v64 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v65 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v68 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v69 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v70 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v71 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v72 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v73 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v74:3 = call @layer_prefill_t128_w2048(%v62#0, %v21, %v22, %v12, %v14, %v15, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70, %v71, %v72, %v73) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v74#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v74#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v75 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v76 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v77 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v80 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v81 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v82 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v83 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v84 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v85 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v86:3 = call @layer_prefill_t128_w2048(%v74#0, %v21, %v22, %v12, %v14, %v15, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82, %v83, %v84, %v85) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v86#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v86#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v87 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v88 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v89 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v92 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v93 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v94 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v95 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v96 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v97 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v98:3 = call @layer_prefill_t128_w2048(%v86#0, %v21, %v22, %v12, %v14, %v15, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94, %v95, %v96, %v97) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v98#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v98#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v99 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v100 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v101 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v104 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v105 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v106 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v107 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v108 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v109 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v110:3 = call @layer_prefill_t128_w2048(%v98#0, %v21, %v22, %v12, %v14, %v15, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106, %v107, %v108, %v109) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v110#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v110#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v111 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v112 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v113 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v116 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v117 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v118 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v119 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v120 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v121 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v122:3 = call @layer_prefill_t128_w2048(%v110#0, %v21, %v22, %v12, %v14, %v15, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118, %v119, %v120, %v121) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v122#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v122#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v123 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v124 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v125 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v128 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v129 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v130 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v131 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v132 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v133 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v134:3 = call @layer_prefill_t128_w2048(%v122#0, %v21, %v22, %v12, %v14, %v15, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130, %v131, %v132, %v133) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v134#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v134#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v135 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v136 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v137 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v140 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v141 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v142 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v143 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v144 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v145 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v146:3 = call @layer_prefill_t128_w2048(%v134#0, %v21, %v22, %v12, %v14, %v15, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142, %v143, %v144, %v145) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v146#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v146#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v147 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v148 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v149 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v152 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v153 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v154 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v155 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v156 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v157 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v158:3 = call @layer_prefill_t128_w2048(%v146#0, %v21, %v22, %v12, %v14, %v15, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154, %v155, %v156, %v157) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v158#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v158#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v159 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v160 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v161 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v164 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v165 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v166 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v167 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v168 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v169 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v170:3 = call @layer_prefill_t128_w2048(%v158#0, %v21, %v22, %v12, %v14, %v15, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166, %v167, %v168, %v169) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v170#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v170#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v171 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v172 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v173 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v176 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v177 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v178 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v179 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v180 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v181 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v182:3 = call @layer_prefill_t128_w2048(%v170#0, %v21, %v22, %v12, %v14, %v15, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178, %v179, %v180, %v181) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v182#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v182#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v183 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v184 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v185 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v188 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v189 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v190 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v191 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v192 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v193 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v194:3 = call @layer_prefill_t128_w2048(%v182#0, %v21, %v22, %v12, %v14, %v15, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190, %v191, %v192, %v193) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v194#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v194#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v195 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v196 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v197 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v200 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v201 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v202 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v203 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v204 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v205 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v206:3 = call @layer_prefill_t128_w2048(%v194#0, %v21, %v22, %v12, %v14, %v15, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202, %v203, %v204, %v205) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v206#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v206#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v207 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v208 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v209 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v212 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v213 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v214 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v215 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v216 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v217 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v218:3 = call @layer_prefill_t128_w2048(%v206#0, %v21, %v22, %v12, %v14, %v15, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214, %v215, %v216, %v217) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v218#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v218#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v219 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v220 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v221 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v224 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v225 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v226 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v227 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v228 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v229 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v230:3 = call @layer_prefill_t128_w2048(%v218#0, %v21, %v22, %v12, %v14, %v15, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226, %v227, %v228, %v229) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v230#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v230#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v231 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v232 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v233 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v236 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v237 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v238 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v239 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v240 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v241 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v242:3 = call @layer_prefill_t128_w2048(%v230#0, %v21, %v22, %v12, %v14, %v15, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238, %v239, %v240, %v241) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v242#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v242#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v243 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v244 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v245 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v248 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v249 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v250 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v251 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v252 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v253 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v254:3 = call @layer_prefill_t128_w2048(%v242#0, %v21, %v22, %v12, %v14, %v15, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250, %v251, %v252, %v253) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v254#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v254#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v255 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v256 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v257 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v260 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v261 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v262 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v263 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v264 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v265 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v266:3 = call @layer_prefill_t128_w2048(%v254#0, %v21, %v22, %v12, %v14, %v15, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262, %v263, %v264, %v265) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v266#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v266#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v267 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v268 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v269 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v272 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v273 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v274 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v275 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v276 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v277 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v278:3 = call @layer_prefill_t128_w2048(%v266#0, %v21, %v22, %v12, %v14, %v15, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274, %v275, %v276, %v277) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v278#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v278#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v279 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v280 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v281 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v284 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v285 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v286 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v287 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v288 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v289 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v290:3 = call @layer_prefill_t128_w2048(%v278#0, %v21, %v22, %v12, %v14, %v15, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286, %v287, %v288, %v289) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v290#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v290#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v291 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v292 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v293 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v296 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v297 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v298 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v299 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v300 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v301 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v302:3 = call @layer_prefill_t128_w2048(%v290#0, %v21, %v22, %v12, %v14, %v15, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298, %v299, %v300, %v301) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v302#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v302#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v303 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v304 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v305 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v308 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v309 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v310 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v311 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v312 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v313 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v314:3 = call @layer_prefill_t128_w2048(%v302#0, %v21, %v22, %v12, %v14, %v15, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310, %v311, %v312, %v313) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v314#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v314#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v315 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v316 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v317 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v320 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v321 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v322 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v323 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v324 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v325 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v326:3 = call @layer_prefill_t128_w2048(%v314#0, %v21, %v22, %v12, %v14, %v15, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322, %v323, %v324, %v325) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v326#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v326#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v327 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v328 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v329 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v332 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v333 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v334 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v335 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v336 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v337 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v338:3 = call @layer_prefill_t128_w2048(%v326#0, %v21, %v22, %v12, %v14, %v15, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334, %v335, %v336, %v337) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v338#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v338#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v339 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v340 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v341 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v344 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v345 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v346 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v347 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v348 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v349 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v350:3 = call @layer_prefill_t128_w2048(%v338#0, %v21, %v22, %v12, %v14, %v15, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346, %v347, %v348, %v349) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v350#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v350#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v351 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v352 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v353 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v356 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v357 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v358 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v359 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v360 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v361 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v362:3 = call @layer_prefill_t128_w2048(%v350#0, %v21, %v22, %v12, %v14, %v15, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358, %v359, %v360, %v361) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v362#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v362#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v363 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v364 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v365 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v368 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v369 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v370 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v371 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v372 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v373 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v374:3 = call @layer_prefill_t128_w2048(%v362#0, %v21, %v22, %v12, %v14, %v15, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370, %v371, %v372, %v373) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v374#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v374#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v375 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v376 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v377 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v380 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v381 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v382 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v383 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v384 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v385 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v386:3 = call @layer_prefill_t128_w2048(%v374#0, %v21, %v22, %v12, %v14, %v15, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382, %v383, %v384, %v385) : (tensor<576x128xf32>, tensor<32x128xf32>, tensor<32x128xf32>, tensor<128x2xi32>, tensor<1x384xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x128xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v386#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v386#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v387 = stablehlo.constant dense<1> : tensor<i32>
    %v388 = stablehlo.subtract %len, %v387 : tensor<i32>
    %v389 = stablehlo.reshape %v388 : (tensor<i32>) -> tensor<1x1xi32>
    %v390 = "stablehlo.gather"(%v386#0, %v389) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 576, 1>} : (tensor<576x128xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v391 = stablehlo.reshape %v390 : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v392 = util.global.load @model.norm.weight : tensor<576xf32>
    %v393 = stablehlo.multiply %v391, %v391 : tensor<576x1xf32>
    %v394 = stablehlo.constant dense<0.0> : tensor<f32>
    %v395 = stablehlo.reduce(%v393 init: %v394) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v396 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v397 = stablehlo.broadcast_in_dim %v396, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v398 = stablehlo.divide %v395, %v397 : tensor<1xf32>
    %v399 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v400 = stablehlo.broadcast_in_dim %v399, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v401 = stablehlo.add %v398, %v400 : tensor<1xf32>
    %v402 = stablehlo.rsqrt %v401 : tensor<1xf32>
    %v403 = stablehlo.broadcast_in_dim %v402, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v404 = stablehlo.multiply %v391, %v403 : tensor<576x1xf32>
    %v405 = stablehlo.broadcast_in_dim %v392, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v406 = stablehlo.multiply %v404, %v405 : tensor<576x1xf32>
    return %v406 : tensor<576x1xf32>
  }

  func.func @prefill_logits_t128(%tokens: tensor<128xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<49152xf32> {
    %v0 = call @forward_prefill_t128_w2048(%tokens, %start, %len, %slot) : (tensor<128xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.reshape %v2 : (tensor<49152x1xf32>) -> tensor<49152xf32>
    return %v3 : tensor<49152xf32>
  }

  func.func @prefill_argmax_t128(%tokens: tensor<128xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<i32> {
    %v0 = call @forward_prefill_t128_w2048(%tokens, %start, %len, %slot) : (tensor<128xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    %v13 = stablehlo.reshape %v12 : (tensor<1xi32>) -> tensor<i32>
    return %v13 : tensor<i32>
  }

  func.func private @layer_prefill_t512_w2048(%x: tensor<576x512xf32>, %cos: tensor<32x512xf32>, %sin: tensor<32x512xf32>, %kv_index: tensor<512x2xi32>, %query_pos: tensor<1x1536xi32>, %slot: tensor<1x1xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x512xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x512xf32>, tensor<f32>) -> tensor<512xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<512xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<512xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<512xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<512xf32>) -> tensor<576x512xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x512xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x512xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x512xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x512xf32>) -> tensor<576x512xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x512xf32>) -> tensor<192x512xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x512xf32>) -> tensor<192x512xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x512xf32>) -> tensor<9x2x32x512xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:512] : (tensor<9x2x32x512xf32>) -> tensor<9x1x32x512xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:512] : (tensor<9x2x32x512xf32>) -> tensor<9x1x32x512xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x512xf32>) -> tensor<9x1x32x512xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x512xf32>) -> tensor<9x1x32x512xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x512xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x512xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x512xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x512xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x512xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x512xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x512xf32>, tensor<9x1x32x512xf32>) -> tensor<9x2x32x512xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x512xf32>) -> tensor<576x512xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x512xf32>) -> tensor<3x2x32x512xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:512] : (tensor<3x2x32x512xf32>) -> tensor<3x1x32x512xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:512] : (tensor<3x2x32x512xf32>) -> tensor<3x1x32x512xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x512xf32>) -> tensor<3x1x32x512xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x512xf32>) -> tensor<3x1x32x512xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x512xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x512xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x512xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x512xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x512xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x512xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x512xf32>, tensor<3x1x32x512xf32>) -> tensor<3x2x32x512xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x512xf32>) -> tensor<192x512xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x512xf32>) -> tensor<3x64x512xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x512xf32>) -> tensor<512x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<512x2xi32>, tensor<512x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x512xf32>) -> tensor<3x64x512xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x512xf32>) -> tensor<512x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<512x2xi32>, tensor<512x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x1536xi32>) -> tensor<1x1536x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x1536x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x1536x2048xi32>, tensor<1x1536x2048xi32>) -> tensor<1x1536x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x512xf32>) -> tensor<3x3x64x512xf32>
    %v53 = stablehlo.transpose %v52, dims = [0, 1, 3, 2] : (tensor<3x3x64x512xf32>) -> tensor<3x3x512x64xf32>
    %v54 = stablehlo.reshape %v53 : (tensor<3x3x512x64xf32>) -> tensor<1x3x1536x64xf32>
    %v55 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v56 = stablehlo.broadcast_in_dim %v55, dims = [] : (tensor<f32>) -> tensor<1x1536x2048xf32>
    %v57 = stablehlo.slice %v54 [0:1, 0:1, 0:1536, 0:64] : (tensor<1x3x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v58 = stablehlo.reshape %v57 : (tensor<1x1x1536x64xf32>) -> tensor<1x1536x64xf32>
    %v59 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v60 = stablehlo.concatenate %slot, %v59, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v61 = "stablehlo.gather"(%v45, %v60) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v62 = stablehlo.reshape %v61 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v63 = stablehlo.constant dense<0> : tensor<1x1xi32>
    %v64 = stablehlo.concatenate %slot, %v63, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v65 = "stablehlo.gather"(%v48, %v64) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v66 = stablehlo.reshape %v65 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v67 = stablehlo.reshape %v58 : (tensor<1x1536x64xf32>) -> tensor<1536x64xf32>
    %v68 = stablehlo.reshape %v62 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v69 = stablehlo.dot_general %v67, %v68, contracting_dims = [1] x [1] : (tensor<1536x64xf32>, tensor<2048x64xf32>) -> tensor<1536x2048xf32>
    %v70 = stablehlo.reshape %v69 : (tensor<1536x2048xf32>) -> tensor<1x1536x2048xf32>
    %v71 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [] : (tensor<f32>) -> tensor<1x1536x2048xf32>
    %v73 = stablehlo.multiply %v70, %v72 : tensor<1x1536x2048xf32>
    %v74 = stablehlo.select %v51, %v73, %v56 : tensor<1x1536x2048xi1>, tensor<1x1536x2048xf32>
    %v75 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.maximum across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v78 = stablehlo.subtract %v74, %v77 : tensor<1x1536x2048xf32>
    %v79 = stablehlo.exponential %v78 : tensor<1x1536x2048xf32>
    %v80 = stablehlo.constant dense<0.0> : tensor<f32>
    %v81 = stablehlo.reduce(%v79 init: %v80) applies stablehlo.add across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v82 = stablehlo.broadcast_in_dim %v81, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v83 = stablehlo.divide %v79, %v82 : tensor<1x1536x2048xf32>
    %v84 = stablehlo.reshape %v83 : (tensor<1x1536x2048xf32>) -> tensor<1536x2048xf32>
    %v85 = stablehlo.reshape %v66 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v86 = stablehlo.dot_general %v84, %v85, contracting_dims = [1] x [0] : (tensor<1536x2048xf32>, tensor<2048x64xf32>) -> tensor<1536x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1536x64xf32>) -> tensor<1x1536x64xf32>
    %v88 = stablehlo.reshape %v87 : (tensor<1x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v89 = stablehlo.slice %v54 [0:1, 1:2, 0:1536, 0:64] : (tensor<1x3x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v90 = stablehlo.reshape %v89 : (tensor<1x1x1536x64xf32>) -> tensor<1x1536x64xf32>
    %v91 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v92 = stablehlo.concatenate %slot, %v91, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v93 = "stablehlo.gather"(%v45, %v92) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v94 = stablehlo.reshape %v93 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v95 = stablehlo.constant dense<1> : tensor<1x1xi32>
    %v96 = stablehlo.concatenate %slot, %v95, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v97 = "stablehlo.gather"(%v48, %v96) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v98 = stablehlo.reshape %v97 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v99 = stablehlo.reshape %v90 : (tensor<1x1536x64xf32>) -> tensor<1536x64xf32>
    %v100 = stablehlo.reshape %v94 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v101 = stablehlo.dot_general %v99, %v100, contracting_dims = [1] x [1] : (tensor<1536x64xf32>, tensor<2048x64xf32>) -> tensor<1536x2048xf32>
    %v102 = stablehlo.reshape %v101 : (tensor<1536x2048xf32>) -> tensor<1x1536x2048xf32>
    %v103 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v104 = stablehlo.broadcast_in_dim %v103, dims = [] : (tensor<f32>) -> tensor<1x1536x2048xf32>
    %v105 = stablehlo.multiply %v102, %v104 : tensor<1x1536x2048xf32>
    %v106 = stablehlo.select %v51, %v105, %v56 : tensor<1x1536x2048xi1>, tensor<1x1536x2048xf32>
    %v107 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v108 = stablehlo.reduce(%v106 init: %v107) applies stablehlo.maximum across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v109 = stablehlo.broadcast_in_dim %v108, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v110 = stablehlo.subtract %v106, %v109 : tensor<1x1536x2048xf32>
    %v111 = stablehlo.exponential %v110 : tensor<1x1536x2048xf32>
    %v112 = stablehlo.constant dense<0.0> : tensor<f32>
    %v113 = stablehlo.reduce(%v111 init: %v112) applies stablehlo.add across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v114 = stablehlo.broadcast_in_dim %v113, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v115 = stablehlo.divide %v111, %v114 : tensor<1x1536x2048xf32>
    %v116 = stablehlo.reshape %v115 : (tensor<1x1536x2048xf32>) -> tensor<1536x2048xf32>
    %v117 = stablehlo.reshape %v98 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v118 = stablehlo.dot_general %v116, %v117, contracting_dims = [1] x [0] : (tensor<1536x2048xf32>, tensor<2048x64xf32>) -> tensor<1536x64xf32>
    %v119 = stablehlo.reshape %v118 : (tensor<1536x64xf32>) -> tensor<1x1536x64xf32>
    %v120 = stablehlo.reshape %v119 : (tensor<1x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v121 = stablehlo.slice %v54 [0:1, 2:3, 0:1536, 0:64] : (tensor<1x3x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v122 = stablehlo.reshape %v121 : (tensor<1x1x1536x64xf32>) -> tensor<1x1536x64xf32>
    %v123 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v124 = stablehlo.concatenate %slot, %v123, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v125 = "stablehlo.gather"(%v45, %v124) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v126 = stablehlo.reshape %v125 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v127 = stablehlo.constant dense<2> : tensor<1x1xi32>
    %v128 = stablehlo.concatenate %slot, %v127, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v129 = "stablehlo.gather"(%v48, %v128) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 1, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>) -> tensor<1x2048x1x64xf32>
    %v130 = stablehlo.reshape %v129 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v131 = stablehlo.reshape %v122 : (tensor<1x1536x64xf32>) -> tensor<1536x64xf32>
    %v132 = stablehlo.reshape %v126 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v133 = stablehlo.dot_general %v131, %v132, contracting_dims = [1] x [1] : (tensor<1536x64xf32>, tensor<2048x64xf32>) -> tensor<1536x2048xf32>
    %v134 = stablehlo.reshape %v133 : (tensor<1536x2048xf32>) -> tensor<1x1536x2048xf32>
    %v135 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v136 = stablehlo.broadcast_in_dim %v135, dims = [] : (tensor<f32>) -> tensor<1x1536x2048xf32>
    %v137 = stablehlo.multiply %v134, %v136 : tensor<1x1536x2048xf32>
    %v138 = stablehlo.select %v51, %v137, %v56 : tensor<1x1536x2048xi1>, tensor<1x1536x2048xf32>
    %v139 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v140 = stablehlo.reduce(%v138 init: %v139) applies stablehlo.maximum across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v141 = stablehlo.broadcast_in_dim %v140, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v142 = stablehlo.subtract %v138, %v141 : tensor<1x1536x2048xf32>
    %v143 = stablehlo.exponential %v142 : tensor<1x1536x2048xf32>
    %v144 = stablehlo.constant dense<0.0> : tensor<f32>
    %v145 = stablehlo.reduce(%v143 init: %v144) applies stablehlo.add across dimensions = [2] : (tensor<1x1536x2048xf32>, tensor<f32>) -> tensor<1x1536xf32>
    %v146 = stablehlo.broadcast_in_dim %v145, dims = [0, 1] : (tensor<1x1536xf32>) -> tensor<1x1536x2048xf32>
    %v147 = stablehlo.divide %v143, %v146 : tensor<1x1536x2048xf32>
    %v148 = stablehlo.reshape %v147 : (tensor<1x1536x2048xf32>) -> tensor<1536x2048xf32>
    %v149 = stablehlo.reshape %v130 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v150 = stablehlo.dot_general %v148, %v149, contracting_dims = [1] x [0] : (tensor<1536x2048xf32>, tensor<2048x64xf32>) -> tensor<1536x64xf32>
    %v151 = stablehlo.reshape %v150 : (tensor<1536x64xf32>) -> tensor<1x1536x64xf32>
    %v152 = stablehlo.reshape %v151 : (tensor<1x1536x64xf32>) -> tensor<1x1x1536x64xf32>
    %v153 = stablehlo.concatenate %v88, %v120, %v152, dim = 1 : (tensor<1x1x1536x64xf32>, tensor<1x1x1536x64xf32>, tensor<1x1x1536x64xf32>) -> tensor<1x3x1536x64xf32>
    %v154 = stablehlo.reshape %v153 : (tensor<1x3x1536x64xf32>) -> tensor<3x3x512x64xf32>
    %v155 = stablehlo.transpose %v154, dims = [0, 1, 3, 2] : (tensor<3x3x512x64xf32>) -> tensor<3x3x64x512xf32>
    %v156 = stablehlo.reshape %v155 : (tensor<3x3x64x512xf32>) -> tensor<576x512xf32>
    %v157 = stablehlo.dot_general %self_attn_o_proj_weight, %v156, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x512xf32>) -> tensor<576x512xf32>
    %v158 = stablehlo.add %x, %v157 : tensor<576x512xf32>
    %v159 = stablehlo.multiply %v158, %v158 : tensor<576x512xf32>
    %v160 = stablehlo.constant dense<0.0> : tensor<f32>
    %v161 = stablehlo.reduce(%v159 init: %v160) applies stablehlo.add across dimensions = [0] : (tensor<576x512xf32>, tensor<f32>) -> tensor<512xf32>
    %v162 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v163 = stablehlo.broadcast_in_dim %v162, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %v164 = stablehlo.divide %v161, %v163 : tensor<512xf32>
    %v165 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v166 = stablehlo.broadcast_in_dim %v165, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %v167 = stablehlo.add %v164, %v166 : tensor<512xf32>
    %v168 = stablehlo.rsqrt %v167 : tensor<512xf32>
    %v169 = stablehlo.broadcast_in_dim %v168, dims = [1] : (tensor<512xf32>) -> tensor<576x512xf32>
    %v170 = stablehlo.multiply %v158, %v169 : tensor<576x512xf32>
    %v171 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x512xf32>
    %v172 = stablehlo.multiply %v170, %v171 : tensor<576x512xf32>
    %v173 = stablehlo.dot_general %mlp_gate_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x512xf32>) -> tensor<1536x512xf32>
    %v174 = stablehlo.dot_general %mlp_up_proj_weight, %v172, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x512xf32>) -> tensor<1536x512xf32>
    %v175 = stablehlo.logistic %v173 : tensor<1536x512xf32>
    %v176 = stablehlo.multiply %v173, %v175 : tensor<1536x512xf32>
    %v177 = stablehlo.multiply %v176, %v174 : tensor<1536x512xf32>
    %v178 = stablehlo.dot_general %mlp_down_proj_weight, %v177, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x512xf32>) -> tensor<576x512xf32>
    %v179 = stablehlo.add %v158, %v178 : tensor<576x512xf32>
    return %v179, %v45, %v48 : tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_prefill_t512_w2048(%tokens: tensor<512xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.iota dim = 0 : tensor<512xi32>
    %v1 = stablehlo.broadcast_in_dim %start, dims = [] : (tensor<i32>) -> tensor<512xi32>
    %v2 = stablehlo.add %v0, %v1 : tensor<512xi32>
    %v3 = stablehlo.broadcast_in_dim %len, dims = [] : (tensor<i32>) -> tensor<512xi32>
    %v4 = stablehlo.compare LT, %v0, %v3, SIGNED : (tensor<512xi32>, tensor<512xi32>) -> tensor<512xi1>
    %v5 = stablehlo.broadcast_in_dim %slot, dims = [] : (tensor<i32>) -> tensor<512xi32>
    %v6 = stablehlo.constant dense<8> : tensor<i32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<i32>) -> tensor<512xi32>
    %v8 = stablehlo.select %v4, %v5, %v7 : tensor<512xi1>, tensor<512xi32>
    %v9 = stablehlo.select %v4, %v2, %v0 : tensor<512xi1>, tensor<512xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<512xi32>) -> tensor<512x1xi32>
    %v11 = stablehlo.reshape %v9 : (tensor<512xi32>) -> tensor<512x1xi32>
    %v12 = stablehlo.concatenate %v10, %v11, dim = 1 : (tensor<512x1xi32>, tensor<512x1xi32>) -> tensor<512x2xi32>
    %v13 = stablehlo.broadcast_in_dim %v2, dims = [2] : (tensor<512xi32>) -> tensor<1x3x512xi32>
    %v14 = stablehlo.reshape %v13 : (tensor<1x3x512xi32>) -> tensor<1x1536xi32>
    %v15 = stablehlo.reshape %slot : (tensor<i32>) -> tensor<1x1xi32>
    %v16 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v17 = stablehlo.broadcast_in_dim %v16, dims = [0] : (tensor<32xf32>) -> tensor<32x512xf32>
    %v18 = stablehlo.convert %v2 : (tensor<512xi32>) -> tensor<512xf32>
    %v19 = stablehlo.broadcast_in_dim %v18, dims = [1] : (tensor<512xf32>) -> tensor<32x512xf32>
    %v20 = stablehlo.multiply %v19, %v17 : tensor<32x512xf32>
    %v21 = stablehlo.cosine %v20 : tensor<32x512xf32>
    %v22 = stablehlo.sine %v20 : tensor<32x512xf32>
    %v23 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v24 = stablehlo.reshape %tokens : (tensor<512xi32>) -> tensor<512x1xi32>
    %v25 = "stablehlo.gather"(%v23, %v24) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<512x1xi32>) -> tensor<512x576xf32>
    %v26 = stablehlo.transpose %v25, dims = [1, 0] : (tensor<512x576xf32>) -> tensor<576x512xf32>
    %v27 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v28 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v29 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v32 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v33 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v34 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v35 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v36 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v37 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v38:3 = call @layer_prefill_t512_w2048(%v26, %v21, %v22, %v12, %v14, %v15, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34, %v35, %v36, %v37) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v38#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v38#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v39 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v40 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v41 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v44 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v45 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v46 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v47 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v48 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v49 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v50:3 = call @layer_prefill_t512_w2048(%v38#0, %v21, %v22, %v12, %v14, %v15, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46, %v47, %v48, %v49) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v50#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v50#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v51 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v52 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v53 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v56 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v57 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v58 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v59 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v60 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v61 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v62:3 = call @layer_prefill_t512_w2048(%v50#0, %v21, %v22, %v12, %v14, %v15, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58, %v59, %v60, %v61) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v62#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v62#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v63 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v64 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v65 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v68 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v69 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v70 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v71 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v72 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v73 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v74:3 = call @layer_prefill_t512_w2048(%v62#0, %v21, %v22, %v12, %v14, %v15, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70, %v71, %v72, %v73) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v74#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v74#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v75 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v76 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v77 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v80 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v81 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v82 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v83 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v84 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v85 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v86:3 = call @layer_prefill_t512_w2048(%v74#0, %v21, %v22, %v12, %v14, %v15, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82, %v83, %v84, %v85) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v86#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v86#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v87 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v88 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v89 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v92 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v93 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v94 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v95 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v96 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v97 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v98:3 = call @layer_prefill_t512_w2048(%v86#0, %v21, %v22, %v12, %v14, %v15, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94, %v95, %v96, %v97) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v98#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v98#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v99 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v100 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v101 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v104 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v105 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v106 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v107 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v108 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v109 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v110:3 = call @layer_prefill_t512_w2048(%v98#0, %v21, %v22, %v12, %v14, %v15, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106, %v107, %v108, %v109) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v110#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v110#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v111 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v112 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v113 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v116 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v117 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v118 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v119 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v120 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v121 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v122:3 = call @layer_prefill_t512_w2048(%v110#0, %v21, %v22, %v12, %v14, %v15, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118, %v119, %v120, %v121) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v122#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v122#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v123 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v124 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v125 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v128 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v129 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v130 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v131 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v132 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v133 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v134:3 = call @layer_prefill_t512_w2048(%v122#0, %v21, %v22, %v12, %v14, %v15, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130, %v131, %v132, %v133) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v134#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v134#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v135 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v136 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v137 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v140 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v141 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v142 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v143 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v144 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v145 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v146:3 = call @layer_prefill_t512_w2048(%v134#0, %v21, %v22, %v12, %v14, %v15, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142, %v143, %v144, %v145) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v146#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v146#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v147 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v148 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v149 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v152 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v153 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v154 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v155 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v156 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v157 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v158:3 = call @layer_prefill_t512_w2048(%v146#0, %v21, %v22, %v12, %v14, %v15, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154, %v155, %v156, %v157) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v158#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v158#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v159 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v160 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v161 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v164 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v165 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v166 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v167 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v168 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v169 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v170:3 = call @layer_prefill_t512_w2048(%v158#0, %v21, %v22, %v12, %v14, %v15, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166, %v167, %v168, %v169) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v170#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v170#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v171 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v172 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v173 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v176 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v177 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v178 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v179 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v180 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v181 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v182:3 = call @layer_prefill_t512_w2048(%v170#0, %v21, %v22, %v12, %v14, %v15, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178, %v179, %v180, %v181) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v182#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v182#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v183 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v184 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v185 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v188 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v189 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v190 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v191 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v192 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v193 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v194:3 = call @layer_prefill_t512_w2048(%v182#0, %v21, %v22, %v12, %v14, %v15, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190, %v191, %v192, %v193) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v194#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v194#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v195 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v196 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v197 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v200 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v201 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v202 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v203 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v204 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v205 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v206:3 = call @layer_prefill_t512_w2048(%v194#0, %v21, %v22, %v12, %v14, %v15, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202, %v203, %v204, %v205) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v206#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v206#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v207 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v208 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v209 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v212 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v213 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v214 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v215 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v216 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v217 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v218:3 = call @layer_prefill_t512_w2048(%v206#0, %v21, %v22, %v12, %v14, %v15, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214, %v215, %v216, %v217) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v218#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v218#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v219 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v220 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v221 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v224 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v225 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v226 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v227 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v228 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v229 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v230:3 = call @layer_prefill_t512_w2048(%v218#0, %v21, %v22, %v12, %v14, %v15, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226, %v227, %v228, %v229) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v230#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v230#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v231 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v232 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v233 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v236 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v237 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v238 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v239 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v240 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v241 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v242:3 = call @layer_prefill_t512_w2048(%v230#0, %v21, %v22, %v12, %v14, %v15, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238, %v239, %v240, %v241) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v242#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v242#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v243 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v244 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v245 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v248 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v249 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v250 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v251 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v252 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v253 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v254:3 = call @layer_prefill_t512_w2048(%v242#0, %v21, %v22, %v12, %v14, %v15, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250, %v251, %v252, %v253) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v254#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v254#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v255 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v256 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v257 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v260 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v261 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v262 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v263 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v264 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v265 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v266:3 = call @layer_prefill_t512_w2048(%v254#0, %v21, %v22, %v12, %v14, %v15, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262, %v263, %v264, %v265) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v266#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v266#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v267 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v268 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v269 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v272 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v273 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v274 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v275 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v276 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v277 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v278:3 = call @layer_prefill_t512_w2048(%v266#0, %v21, %v22, %v12, %v14, %v15, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274, %v275, %v276, %v277) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v278#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v278#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v279 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v280 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v281 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v284 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v285 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v286 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v287 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v288 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v289 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v290:3 = call @layer_prefill_t512_w2048(%v278#0, %v21, %v22, %v12, %v14, %v15, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286, %v287, %v288, %v289) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v290#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v290#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v291 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v292 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v293 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v296 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v297 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v298 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v299 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v300 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v301 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v302:3 = call @layer_prefill_t512_w2048(%v290#0, %v21, %v22, %v12, %v14, %v15, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298, %v299, %v300, %v301) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v302#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v302#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v303 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v304 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v305 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v308 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v309 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v310 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v311 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v312 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v313 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v314:3 = call @layer_prefill_t512_w2048(%v302#0, %v21, %v22, %v12, %v14, %v15, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310, %v311, %v312, %v313) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v314#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v314#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v315 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v316 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v317 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v320 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v321 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v322 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v323 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v324 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v325 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v326:3 = call @layer_prefill_t512_w2048(%v314#0, %v21, %v22, %v12, %v14, %v15, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322, %v323, %v324, %v325) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v326#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v326#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v327 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v328 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v329 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v332 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v333 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v334 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v335 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v336 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v337 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v338:3 = call @layer_prefill_t512_w2048(%v326#0, %v21, %v22, %v12, %v14, %v15, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334, %v335, %v336, %v337) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v338#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v338#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v339 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v340 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v341 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v344 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v345 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v346 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v347 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v348 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v349 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v350:3 = call @layer_prefill_t512_w2048(%v338#0, %v21, %v22, %v12, %v14, %v15, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346, %v347, %v348, %v349) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v350#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v350#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v351 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v352 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v353 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v356 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v357 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v358 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v359 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v360 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v361 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v362:3 = call @layer_prefill_t512_w2048(%v350#0, %v21, %v22, %v12, %v14, %v15, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358, %v359, %v360, %v361) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v362#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v362#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v363 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v364 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v365 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v368 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v369 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v370 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v371 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v372 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v373 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v374:3 = call @layer_prefill_t512_w2048(%v362#0, %v21, %v22, %v12, %v14, %v15, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370, %v371, %v372, %v373) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v374#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v374#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v375 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v376 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v377 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v380 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v381 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v382 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v383 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v384 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v385 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v386:3 = call @layer_prefill_t512_w2048(%v374#0, %v21, %v22, %v12, %v14, %v15, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382, %v383, %v384, %v385) : (tensor<576x512xf32>, tensor<32x512xf32>, tensor<32x512xf32>, tensor<512x2xi32>, tensor<1x1536xi32>, tensor<1x1xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x512xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v386#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v386#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v387 = stablehlo.constant dense<1> : tensor<i32>
    %v388 = stablehlo.subtract %len, %v387 : tensor<i32>
    %v389 = stablehlo.reshape %v388 : (tensor<i32>) -> tensor<1x1xi32>
    %v390 = "stablehlo.gather"(%v386#0, %v389) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 576, 1>} : (tensor<576x512xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v391 = stablehlo.reshape %v390 : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v392 = util.global.load @model.norm.weight : tensor<576xf32>
    %v393 = stablehlo.multiply %v391, %v391 : tensor<576x1xf32>
    %v394 = stablehlo.constant dense<0.0> : tensor<f32>
    %v395 = stablehlo.reduce(%v393 init: %v394) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v396 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v397 = stablehlo.broadcast_in_dim %v396, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v398 = stablehlo.divide %v395, %v397 : tensor<1xf32>
    %v399 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v400 = stablehlo.broadcast_in_dim %v399, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v401 = stablehlo.add %v398, %v400 : tensor<1xf32>
    %v402 = stablehlo.rsqrt %v401 : tensor<1xf32>
    %v403 = stablehlo.broadcast_in_dim %v402, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v404 = stablehlo.multiply %v391, %v403 : tensor<576x1xf32>
    %v405 = stablehlo.broadcast_in_dim %v392, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v406 = stablehlo.multiply %v404, %v405 : tensor<576x1xf32>
    return %v406 : tensor<576x1xf32>
  }

  func.func @prefill_logits_t512(%tokens: tensor<512xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<49152xf32> {
    %v0 = call @forward_prefill_t512_w2048(%tokens, %start, %len, %slot) : (tensor<512xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.reshape %v2 : (tensor<49152x1xf32>) -> tensor<49152xf32>
    return %v3 : tensor<49152xf32>
  }

  func.func @prefill_argmax_t512(%tokens: tensor<512xi32>, %start: tensor<i32>, %len: tensor<i32>, %slot: tensor<i32>) -> tensor<i32> {
    %v0 = call @forward_prefill_t512_w2048(%tokens, %start, %len, %slot) : (tensor<512xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    %v13 = stablehlo.reshape %v12 : (tensor<1xi32>) -> tensor<i32>
    return %v13 : tensor<i32>
  }

  func.func private @layer_decode_b1_w256(%x: tensor<576x1xf32>, %cos: tensor<32x1xf32>, %sin: tensor<32x1xf32>, %kv_index: tensor<1x2xi32>, %query_pos: tensor<1x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x1xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<1xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<1xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<1xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x1xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x1xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x1xf32>) -> tensor<9x2x32x1xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x1xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x1xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x1xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x1xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x1xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x1xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x1xf32>, tensor<9x1x32x1xf32>) -> tensor<9x2x32x1xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x1xf32>) -> tensor<576x1xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x1xf32>) -> tensor<3x2x32x1xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x1xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x1xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x1xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x1xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x1xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x1xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x1xf32>, tensor<3x1x32x1xf32>) -> tensor<3x2x32x1xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x1xf32>) -> tensor<192x1xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3x256xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x3x256xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x3x256xi32>, tensor<1x3x256xi32>) -> tensor<1x3x256xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x1xf32>) -> tensor<3x3x64x1xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x1xf32>) -> tensor<1x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<1x3x256xf32>
    %v56 = stablehlo.slice %v53 [0:1, 0:1, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:1, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v60 = stablehlo.slice %v48 [0:1, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v62 = stablehlo.reshape %v57 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v63 = stablehlo.reshape %v59 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v64 = stablehlo.dot_general %v62, %v63, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<256x64xf32>) -> tensor<3x256xf32>
    %v65 = stablehlo.reshape %v64 : (tensor<3x256xf32>) -> tensor<1x3x256xf32>
    %v66 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [] : (tensor<f32>) -> tensor<1x3x256xf32>
    %v68 = stablehlo.multiply %v65, %v67 : tensor<1x3x256xf32>
    %v69 = stablehlo.select %v51, %v68, %v55 : tensor<1x3x256xi1>, tensor<1x3x256xf32>
    %v70 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v71 = stablehlo.reduce(%v69 init: %v70) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v73 = stablehlo.subtract %v69, %v72 : tensor<1x3x256xf32>
    %v74 = stablehlo.exponential %v73 : tensor<1x3x256xf32>
    %v75 = stablehlo.constant dense<0.0> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.add across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v78 = stablehlo.divide %v74, %v77 : tensor<1x3x256xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<1x3x256xf32>) -> tensor<3x256xf32>
    %v80 = stablehlo.reshape %v61 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v81 = stablehlo.dot_general %v79, %v80, contracting_dims = [1] x [0] : (tensor<3x256xf32>, tensor<256x64xf32>) -> tensor<3x64xf32>
    %v82 = stablehlo.reshape %v81 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v84 = stablehlo.slice %v53 [0:1, 1:2, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v85 = stablehlo.reshape %v84 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v86 = stablehlo.slice %v45 [0:1, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v88 = stablehlo.slice %v48 [0:1, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v89 = stablehlo.reshape %v88 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v90 = stablehlo.reshape %v85 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v91 = stablehlo.reshape %v87 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v92 = stablehlo.dot_general %v90, %v91, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<256x64xf32>) -> tensor<3x256xf32>
    %v93 = stablehlo.reshape %v92 : (tensor<3x256xf32>) -> tensor<1x3x256xf32>
    %v94 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v95 = stablehlo.broadcast_in_dim %v94, dims = [] : (tensor<f32>) -> tensor<1x3x256xf32>
    %v96 = stablehlo.multiply %v93, %v95 : tensor<1x3x256xf32>
    %v97 = stablehlo.select %v51, %v96, %v55 : tensor<1x3x256xi1>, tensor<1x3x256xf32>
    %v98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v99 = stablehlo.reduce(%v97 init: %v98) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v100 = stablehlo.broadcast_in_dim %v99, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v101 = stablehlo.subtract %v97, %v100 : tensor<1x3x256xf32>
    %v102 = stablehlo.exponential %v101 : tensor<1x3x256xf32>
    %v103 = stablehlo.constant dense<0.0> : tensor<f32>
    %v104 = stablehlo.reduce(%v102 init: %v103) applies stablehlo.add across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v105 = stablehlo.broadcast_in_dim %v104, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v106 = stablehlo.divide %v102, %v105 : tensor<1x3x256xf32>
    %v107 = stablehlo.reshape %v106 : (tensor<1x3x256xf32>) -> tensor<3x256xf32>
    %v108 = stablehlo.reshape %v89 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v109 = stablehlo.dot_general %v107, %v108, contracting_dims = [1] x [0] : (tensor<3x256xf32>, tensor<256x64xf32>) -> tensor<3x64xf32>
    %v110 = stablehlo.reshape %v109 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v111 = stablehlo.reshape %v110 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v112 = stablehlo.slice %v53 [0:1, 2:3, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v113 = stablehlo.reshape %v112 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v114 = stablehlo.slice %v45 [0:1, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v115 = stablehlo.reshape %v114 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v116 = stablehlo.slice %v48 [0:1, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x256x1x64xf32>
    %v117 = stablehlo.reshape %v116 : (tensor<1x256x1x64xf32>) -> tensor<1x256x64xf32>
    %v118 = stablehlo.reshape %v113 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v119 = stablehlo.reshape %v115 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v120 = stablehlo.dot_general %v118, %v119, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<256x64xf32>) -> tensor<3x256xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<3x256xf32>) -> tensor<1x3x256xf32>
    %v122 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v123 = stablehlo.broadcast_in_dim %v122, dims = [] : (tensor<f32>) -> tensor<1x3x256xf32>
    %v124 = stablehlo.multiply %v121, %v123 : tensor<1x3x256xf32>
    %v125 = stablehlo.select %v51, %v124, %v55 : tensor<1x3x256xi1>, tensor<1x3x256xf32>
    %v126 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v127 = stablehlo.reduce(%v125 init: %v126) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v128 = stablehlo.broadcast_in_dim %v127, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v129 = stablehlo.subtract %v125, %v128 : tensor<1x3x256xf32>
    %v130 = stablehlo.exponential %v129 : tensor<1x3x256xf32>
    %v131 = stablehlo.constant dense<0.0> : tensor<f32>
    %v132 = stablehlo.reduce(%v130 init: %v131) applies stablehlo.add across dimensions = [2] : (tensor<1x3x256xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v133 = stablehlo.broadcast_in_dim %v132, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x256xf32>
    %v134 = stablehlo.divide %v130, %v133 : tensor<1x3x256xf32>
    %v135 = stablehlo.reshape %v134 : (tensor<1x3x256xf32>) -> tensor<3x256xf32>
    %v136 = stablehlo.reshape %v117 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    %v137 = stablehlo.dot_general %v135, %v136, contracting_dims = [1] x [0] : (tensor<3x256xf32>, tensor<256x64xf32>) -> tensor<3x64xf32>
    %v138 = stablehlo.reshape %v137 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v139 = stablehlo.reshape %v138 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v140 = stablehlo.concatenate %v83, %v111, %v139, dim = 1 : (tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>) -> tensor<1x3x3x64xf32>
    %v141 = stablehlo.reshape %v140 : (tensor<1x3x3x64xf32>) -> tensor<1x576xf32>
    %v142 = stablehlo.transpose %v141, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v143 = stablehlo.dot_general %self_attn_o_proj_weight, %v142, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v144 = stablehlo.add %x, %v143 : tensor<576x1xf32>
    %v145 = stablehlo.multiply %v144, %v144 : tensor<576x1xf32>
    %v146 = stablehlo.constant dense<0.0> : tensor<f32>
    %v147 = stablehlo.reduce(%v145 init: %v146) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v148 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v149 = stablehlo.broadcast_in_dim %v148, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v150 = stablehlo.divide %v147, %v149 : tensor<1xf32>
    %v151 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v152 = stablehlo.broadcast_in_dim %v151, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v153 = stablehlo.add %v150, %v152 : tensor<1xf32>
    %v154 = stablehlo.rsqrt %v153 : tensor<1xf32>
    %v155 = stablehlo.broadcast_in_dim %v154, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v156 = stablehlo.multiply %v144, %v155 : tensor<576x1xf32>
    %v157 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v158 = stablehlo.multiply %v156, %v157 : tensor<576x1xf32>
    %v159 = stablehlo.dot_general %mlp_gate_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v160 = stablehlo.dot_general %mlp_up_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v161 = stablehlo.logistic %v159 : tensor<1536x1xf32>
    %v162 = stablehlo.multiply %v159, %v161 : tensor<1536x1xf32>
    %v163 = stablehlo.multiply %v162, %v160 : tensor<1536x1xf32>
    %v164 = stablehlo.dot_general %mlp_down_proj_weight, %v163, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x1xf32>) -> tensor<576x1xf32>
    %v165 = stablehlo.add %v144, %v164 : tensor<576x1xf32>
    return %v165, %v45, %v48 : tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b1_w256(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<1xi1>, tensor<1xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<1xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<1xi1>, tensor<1xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<1xi1>, tensor<1xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<1xi32>) -> tensor<1x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x1xf32>
    %v15 = stablehlo.convert %v3 : (tensor<1xi32>) -> tensor<1xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<1xf32>) -> tensor<32x1xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x1xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x1xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x1xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<1xi32>) -> tensor<1x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b1_w256(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b1_w256(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b1_w256(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b1_w256(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b1_w256(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b1_w256(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b1_w256(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b1_w256(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b1_w256(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b1_w256(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b1_w256(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b1_w256(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b1_w256(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b1_w256(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b1_w256(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b1_w256(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b1_w256(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b1_w256(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b1_w256(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b1_w256(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b1_w256(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b1_w256(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b1_w256(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b1_w256(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b1_w256(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b1_w256(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b1_w256(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b1_w256(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b1_w256(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b1_w256(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x1xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<1xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<1xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<1xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x1xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x1xf32>
    return %v398 : tensor<576x1xf32>
  }

  func.func @decode_ragged_logits_b1_w256(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1x49152xf32> {
    %v0 = call @forward_decode_b1_w256(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x1xf32>) -> tensor<1x49152xf32>
    return %v3 : tensor<1x49152xf32>
  }

  func.func @decode_ragged_argmax_b1_w256(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1xi32> {
    %v0 = call @forward_decode_b1_w256(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    return %v12 : tensor<1xi32>
  }

  func.func private @layer_decode_b1_w1024(%x: tensor<576x1xf32>, %cos: tensor<32x1xf32>, %sin: tensor<32x1xf32>, %kv_index: tensor<1x2xi32>, %query_pos: tensor<1x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x1xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<1xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<1xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<1xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x1xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x1xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x1xf32>) -> tensor<9x2x32x1xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x1xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x1xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x1xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x1xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x1xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x1xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x1xf32>, tensor<9x1x32x1xf32>) -> tensor<9x2x32x1xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x1xf32>) -> tensor<576x1xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x1xf32>) -> tensor<3x2x32x1xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x1xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x1xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x1xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x1xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x1xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x1xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x1xf32>, tensor<3x1x32x1xf32>) -> tensor<3x2x32x1xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x1xf32>) -> tensor<192x1xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3x1024xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x3x1024xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x3x1024xi32>, tensor<1x3x1024xi32>) -> tensor<1x3x1024xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x1xf32>) -> tensor<3x3x64x1xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x1xf32>) -> tensor<1x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<1x3x1024xf32>
    %v56 = stablehlo.slice %v53 [0:1, 0:1, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:1, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v60 = stablehlo.slice %v48 [0:1, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v62 = stablehlo.reshape %v57 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v63 = stablehlo.reshape %v59 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v64 = stablehlo.dot_general %v62, %v63, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<1024x64xf32>) -> tensor<3x1024xf32>
    %v65 = stablehlo.reshape %v64 : (tensor<3x1024xf32>) -> tensor<1x3x1024xf32>
    %v66 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [] : (tensor<f32>) -> tensor<1x3x1024xf32>
    %v68 = stablehlo.multiply %v65, %v67 : tensor<1x3x1024xf32>
    %v69 = stablehlo.select %v51, %v68, %v55 : tensor<1x3x1024xi1>, tensor<1x3x1024xf32>
    %v70 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v71 = stablehlo.reduce(%v69 init: %v70) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v73 = stablehlo.subtract %v69, %v72 : tensor<1x3x1024xf32>
    %v74 = stablehlo.exponential %v73 : tensor<1x3x1024xf32>
    %v75 = stablehlo.constant dense<0.0> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.add across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v78 = stablehlo.divide %v74, %v77 : tensor<1x3x1024xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<1x3x1024xf32>) -> tensor<3x1024xf32>
    %v80 = stablehlo.reshape %v61 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v81 = stablehlo.dot_general %v79, %v80, contracting_dims = [1] x [0] : (tensor<3x1024xf32>, tensor<1024x64xf32>) -> tensor<3x64xf32>
    %v82 = stablehlo.reshape %v81 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v84 = stablehlo.slice %v53 [0:1, 1:2, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v85 = stablehlo.reshape %v84 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v86 = stablehlo.slice %v45 [0:1, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v88 = stablehlo.slice %v48 [0:1, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v89 = stablehlo.reshape %v88 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v90 = stablehlo.reshape %v85 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v91 = stablehlo.reshape %v87 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v92 = stablehlo.dot_general %v90, %v91, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<1024x64xf32>) -> tensor<3x1024xf32>
    %v93 = stablehlo.reshape %v92 : (tensor<3x1024xf32>) -> tensor<1x3x1024xf32>
    %v94 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v95 = stablehlo.broadcast_in_dim %v94, dims = [] : (tensor<f32>) -> tensor<1x3x1024xf32>
    %v96 = stablehlo.multiply %v93, %v95 : tensor<1x3x1024xf32>
    %v97 = stablehlo.select %v51, %v96, %v55 : tensor<1x3x1024xi1>, tensor<1x3x1024xf32>
    %v98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v99 = stablehlo.reduce(%v97 init: %v98) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v100 = stablehlo.broadcast_in_dim %v99, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v101 = stablehlo.subtract %v97, %v100 : tensor<1x3x1024xf32>
    %v102 = stablehlo.exponential %v101 : tensor<1x3x1024xf32>
    %v103 = stablehlo.constant dense<0.0> : tensor<f32>
    %v104 = stablehlo.reduce(%v102 init: %v103) applies stablehlo.add across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v105 = stablehlo.broadcast_in_dim %v104, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v106 = stablehlo.divide %v102, %v105 : tensor<1x3x1024xf32>
    %v107 = stablehlo.reshape %v106 : (tensor<1x3x1024xf32>) -> tensor<3x1024xf32>
    %v108 = stablehlo.reshape %v89 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v109 = stablehlo.dot_general %v107, %v108, contracting_dims = [1] x [0] : (tensor<3x1024xf32>, tensor<1024x64xf32>) -> tensor<3x64xf32>
    %v110 = stablehlo.reshape %v109 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v111 = stablehlo.reshape %v110 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v112 = stablehlo.slice %v53 [0:1, 2:3, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v113 = stablehlo.reshape %v112 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v114 = stablehlo.slice %v45 [0:1, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v115 = stablehlo.reshape %v114 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v116 = stablehlo.slice %v48 [0:1, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x1024x1x64xf32>
    %v117 = stablehlo.reshape %v116 : (tensor<1x1024x1x64xf32>) -> tensor<1x1024x64xf32>
    %v118 = stablehlo.reshape %v113 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v119 = stablehlo.reshape %v115 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v120 = stablehlo.dot_general %v118, %v119, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<1024x64xf32>) -> tensor<3x1024xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<3x1024xf32>) -> tensor<1x3x1024xf32>
    %v122 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v123 = stablehlo.broadcast_in_dim %v122, dims = [] : (tensor<f32>) -> tensor<1x3x1024xf32>
    %v124 = stablehlo.multiply %v121, %v123 : tensor<1x3x1024xf32>
    %v125 = stablehlo.select %v51, %v124, %v55 : tensor<1x3x1024xi1>, tensor<1x3x1024xf32>
    %v126 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v127 = stablehlo.reduce(%v125 init: %v126) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v128 = stablehlo.broadcast_in_dim %v127, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v129 = stablehlo.subtract %v125, %v128 : tensor<1x3x1024xf32>
    %v130 = stablehlo.exponential %v129 : tensor<1x3x1024xf32>
    %v131 = stablehlo.constant dense<0.0> : tensor<f32>
    %v132 = stablehlo.reduce(%v130 init: %v131) applies stablehlo.add across dimensions = [2] : (tensor<1x3x1024xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v133 = stablehlo.broadcast_in_dim %v132, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x1024xf32>
    %v134 = stablehlo.divide %v130, %v133 : tensor<1x3x1024xf32>
    %v135 = stablehlo.reshape %v134 : (tensor<1x3x1024xf32>) -> tensor<3x1024xf32>
    %v136 = stablehlo.reshape %v117 : (tensor<1x1024x64xf32>) -> tensor<1024x64xf32>
    %v137 = stablehlo.dot_general %v135, %v136, contracting_dims = [1] x [0] : (tensor<3x1024xf32>, tensor<1024x64xf32>) -> tensor<3x64xf32>
    %v138 = stablehlo.reshape %v137 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v139 = stablehlo.reshape %v138 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v140 = stablehlo.concatenate %v83, %v111, %v139, dim = 1 : (tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>) -> tensor<1x3x3x64xf32>
    %v141 = stablehlo.reshape %v140 : (tensor<1x3x3x64xf32>) -> tensor<1x576xf32>
    %v142 = stablehlo.transpose %v141, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v143 = stablehlo.dot_general %self_attn_o_proj_weight, %v142, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v144 = stablehlo.add %x, %v143 : tensor<576x1xf32>
    %v145 = stablehlo.multiply %v144, %v144 : tensor<576x1xf32>
    %v146 = stablehlo.constant dense<0.0> : tensor<f32>
    %v147 = stablehlo.reduce(%v145 init: %v146) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v148 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v149 = stablehlo.broadcast_in_dim %v148, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v150 = stablehlo.divide %v147, %v149 : tensor<1xf32>
    %v151 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v152 = stablehlo.broadcast_in_dim %v151, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v153 = stablehlo.add %v150, %v152 : tensor<1xf32>
    %v154 = stablehlo.rsqrt %v153 : tensor<1xf32>
    %v155 = stablehlo.broadcast_in_dim %v154, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v156 = stablehlo.multiply %v144, %v155 : tensor<576x1xf32>
    %v157 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v158 = stablehlo.multiply %v156, %v157 : tensor<576x1xf32>
    %v159 = stablehlo.dot_general %mlp_gate_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v160 = stablehlo.dot_general %mlp_up_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v161 = stablehlo.logistic %v159 : tensor<1536x1xf32>
    %v162 = stablehlo.multiply %v159, %v161 : tensor<1536x1xf32>
    %v163 = stablehlo.multiply %v162, %v160 : tensor<1536x1xf32>
    %v164 = stablehlo.dot_general %mlp_down_proj_weight, %v163, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x1xf32>) -> tensor<576x1xf32>
    %v165 = stablehlo.add %v144, %v164 : tensor<576x1xf32>
    return %v165, %v45, %v48 : tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b1_w1024(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<1xi1>, tensor<1xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<1xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<1xi1>, tensor<1xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<1xi1>, tensor<1xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<1xi32>) -> tensor<1x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x1xf32>
    %v15 = stablehlo.convert %v3 : (tensor<1xi32>) -> tensor<1xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<1xf32>) -> tensor<32x1xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x1xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x1xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x1xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<1xi32>) -> tensor<1x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b1_w1024(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b1_w1024(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b1_w1024(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b1_w1024(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b1_w1024(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b1_w1024(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b1_w1024(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b1_w1024(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b1_w1024(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b1_w1024(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b1_w1024(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b1_w1024(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b1_w1024(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b1_w1024(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b1_w1024(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b1_w1024(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b1_w1024(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b1_w1024(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b1_w1024(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b1_w1024(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b1_w1024(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b1_w1024(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b1_w1024(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b1_w1024(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b1_w1024(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b1_w1024(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b1_w1024(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b1_w1024(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b1_w1024(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b1_w1024(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x1xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<1xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<1xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<1xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x1xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x1xf32>
    return %v398 : tensor<576x1xf32>
  }

  func.func @decode_ragged_logits_b1_w1024(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1x49152xf32> {
    %v0 = call @forward_decode_b1_w1024(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x1xf32>) -> tensor<1x49152xf32>
    return %v3 : tensor<1x49152xf32>
  }

  func.func @decode_ragged_argmax_b1_w1024(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1xi32> {
    %v0 = call @forward_decode_b1_w1024(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    return %v12 : tensor<1xi32>
  }

  func.func private @layer_decode_b1_w2048(%x: tensor<576x1xf32>, %cos: tensor<32x1xf32>, %sin: tensor<32x1xf32>, %kv_index: tensor<1x2xi32>, %query_pos: tensor<1x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x1xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<1xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<1xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<1xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x1xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x1xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x1xf32>) -> tensor<192x1xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x1xf32>) -> tensor<9x2x32x1xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:1] : (tensor<9x2x32x1xf32>) -> tensor<9x1x32x1xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<9x1x32x1xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x1xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x1xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x1xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x1xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x1xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x1xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x1xf32>, tensor<9x1x32x1xf32>) -> tensor<9x2x32x1xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x1xf32>) -> tensor<576x1xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x1xf32>) -> tensor<3x2x32x1xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:1] : (tensor<3x2x32x1xf32>) -> tensor<3x1x32x1xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x1xf32>) -> tensor<3x1x32x1xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x1xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x1xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x1xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x1xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x1xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x1xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x1xf32>, tensor<3x1x32x1xf32>) -> tensor<3x2x32x1xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x1xf32>) -> tensor<192x1xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x1xf32>) -> tensor<3x64x1xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x1xf32>) -> tensor<1x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x2xi32>, tensor<1x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<1x3x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<1x3x2048xi32>, tensor<1x3x2048xi32>) -> tensor<1x3x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x1xf32>) -> tensor<3x3x64x1xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x1xf32>) -> tensor<1x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<1x3x2048xf32>
    %v56 = stablehlo.slice %v53 [0:1, 0:1, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:1, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v60 = stablehlo.slice %v48 [0:1, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v62 = stablehlo.reshape %v57 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v63 = stablehlo.reshape %v59 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v64 = stablehlo.dot_general %v62, %v63, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<2048x64xf32>) -> tensor<3x2048xf32>
    %v65 = stablehlo.reshape %v64 : (tensor<3x2048xf32>) -> tensor<1x3x2048xf32>
    %v66 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v67 = stablehlo.broadcast_in_dim %v66, dims = [] : (tensor<f32>) -> tensor<1x3x2048xf32>
    %v68 = stablehlo.multiply %v65, %v67 : tensor<1x3x2048xf32>
    %v69 = stablehlo.select %v51, %v68, %v55 : tensor<1x3x2048xi1>, tensor<1x3x2048xf32>
    %v70 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v71 = stablehlo.reduce(%v69 init: %v70) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v72 = stablehlo.broadcast_in_dim %v71, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v73 = stablehlo.subtract %v69, %v72 : tensor<1x3x2048xf32>
    %v74 = stablehlo.exponential %v73 : tensor<1x3x2048xf32>
    %v75 = stablehlo.constant dense<0.0> : tensor<f32>
    %v76 = stablehlo.reduce(%v74 init: %v75) applies stablehlo.add across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v77 = stablehlo.broadcast_in_dim %v76, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v78 = stablehlo.divide %v74, %v77 : tensor<1x3x2048xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<1x3x2048xf32>) -> tensor<3x2048xf32>
    %v80 = stablehlo.reshape %v61 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v81 = stablehlo.dot_general %v79, %v80, contracting_dims = [1] x [0] : (tensor<3x2048xf32>, tensor<2048x64xf32>) -> tensor<3x64xf32>
    %v82 = stablehlo.reshape %v81 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v84 = stablehlo.slice %v53 [0:1, 1:2, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v85 = stablehlo.reshape %v84 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v86 = stablehlo.slice %v45 [0:1, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v87 = stablehlo.reshape %v86 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v88 = stablehlo.slice %v48 [0:1, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v89 = stablehlo.reshape %v88 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v90 = stablehlo.reshape %v85 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v91 = stablehlo.reshape %v87 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v92 = stablehlo.dot_general %v90, %v91, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<2048x64xf32>) -> tensor<3x2048xf32>
    %v93 = stablehlo.reshape %v92 : (tensor<3x2048xf32>) -> tensor<1x3x2048xf32>
    %v94 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v95 = stablehlo.broadcast_in_dim %v94, dims = [] : (tensor<f32>) -> tensor<1x3x2048xf32>
    %v96 = stablehlo.multiply %v93, %v95 : tensor<1x3x2048xf32>
    %v97 = stablehlo.select %v51, %v96, %v55 : tensor<1x3x2048xi1>, tensor<1x3x2048xf32>
    %v98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v99 = stablehlo.reduce(%v97 init: %v98) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v100 = stablehlo.broadcast_in_dim %v99, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v101 = stablehlo.subtract %v97, %v100 : tensor<1x3x2048xf32>
    %v102 = stablehlo.exponential %v101 : tensor<1x3x2048xf32>
    %v103 = stablehlo.constant dense<0.0> : tensor<f32>
    %v104 = stablehlo.reduce(%v102 init: %v103) applies stablehlo.add across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v105 = stablehlo.broadcast_in_dim %v104, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v106 = stablehlo.divide %v102, %v105 : tensor<1x3x2048xf32>
    %v107 = stablehlo.reshape %v106 : (tensor<1x3x2048xf32>) -> tensor<3x2048xf32>
    %v108 = stablehlo.reshape %v89 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v109 = stablehlo.dot_general %v107, %v108, contracting_dims = [1] x [0] : (tensor<3x2048xf32>, tensor<2048x64xf32>) -> tensor<3x64xf32>
    %v110 = stablehlo.reshape %v109 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v111 = stablehlo.reshape %v110 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v112 = stablehlo.slice %v53 [0:1, 2:3, 0:3, 0:64] : (tensor<1x3x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v113 = stablehlo.reshape %v112 : (tensor<1x1x3x64xf32>) -> tensor<1x3x64xf32>
    %v114 = stablehlo.slice %v45 [0:1, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v115 = stablehlo.reshape %v114 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v116 = stablehlo.slice %v48 [0:1, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<1x2048x1x64xf32>
    %v117 = stablehlo.reshape %v116 : (tensor<1x2048x1x64xf32>) -> tensor<1x2048x64xf32>
    %v118 = stablehlo.reshape %v113 : (tensor<1x3x64xf32>) -> tensor<3x64xf32>
    %v119 = stablehlo.reshape %v115 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v120 = stablehlo.dot_general %v118, %v119, contracting_dims = [1] x [1] : (tensor<3x64xf32>, tensor<2048x64xf32>) -> tensor<3x2048xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<3x2048xf32>) -> tensor<1x3x2048xf32>
    %v122 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v123 = stablehlo.broadcast_in_dim %v122, dims = [] : (tensor<f32>) -> tensor<1x3x2048xf32>
    %v124 = stablehlo.multiply %v121, %v123 : tensor<1x3x2048xf32>
    %v125 = stablehlo.select %v51, %v124, %v55 : tensor<1x3x2048xi1>, tensor<1x3x2048xf32>
    %v126 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v127 = stablehlo.reduce(%v125 init: %v126) applies stablehlo.maximum across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v128 = stablehlo.broadcast_in_dim %v127, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v129 = stablehlo.subtract %v125, %v128 : tensor<1x3x2048xf32>
    %v130 = stablehlo.exponential %v129 : tensor<1x3x2048xf32>
    %v131 = stablehlo.constant dense<0.0> : tensor<f32>
    %v132 = stablehlo.reduce(%v130 init: %v131) applies stablehlo.add across dimensions = [2] : (tensor<1x3x2048xf32>, tensor<f32>) -> tensor<1x3xf32>
    %v133 = stablehlo.broadcast_in_dim %v132, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x2048xf32>
    %v134 = stablehlo.divide %v130, %v133 : tensor<1x3x2048xf32>
    %v135 = stablehlo.reshape %v134 : (tensor<1x3x2048xf32>) -> tensor<3x2048xf32>
    %v136 = stablehlo.reshape %v117 : (tensor<1x2048x64xf32>) -> tensor<2048x64xf32>
    %v137 = stablehlo.dot_general %v135, %v136, contracting_dims = [1] x [0] : (tensor<3x2048xf32>, tensor<2048x64xf32>) -> tensor<3x64xf32>
    %v138 = stablehlo.reshape %v137 : (tensor<3x64xf32>) -> tensor<1x3x64xf32>
    %v139 = stablehlo.reshape %v138 : (tensor<1x3x64xf32>) -> tensor<1x1x3x64xf32>
    %v140 = stablehlo.concatenate %v83, %v111, %v139, dim = 1 : (tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>, tensor<1x1x3x64xf32>) -> tensor<1x3x3x64xf32>
    %v141 = stablehlo.reshape %v140 : (tensor<1x3x3x64xf32>) -> tensor<1x576xf32>
    %v142 = stablehlo.transpose %v141, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v143 = stablehlo.dot_general %self_attn_o_proj_weight, %v142, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x1xf32>) -> tensor<576x1xf32>
    %v144 = stablehlo.add %x, %v143 : tensor<576x1xf32>
    %v145 = stablehlo.multiply %v144, %v144 : tensor<576x1xf32>
    %v146 = stablehlo.constant dense<0.0> : tensor<f32>
    %v147 = stablehlo.reduce(%v145 init: %v146) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v148 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v149 = stablehlo.broadcast_in_dim %v148, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v150 = stablehlo.divide %v147, %v149 : tensor<1xf32>
    %v151 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v152 = stablehlo.broadcast_in_dim %v151, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v153 = stablehlo.add %v150, %v152 : tensor<1xf32>
    %v154 = stablehlo.rsqrt %v153 : tensor<1xf32>
    %v155 = stablehlo.broadcast_in_dim %v154, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v156 = stablehlo.multiply %v144, %v155 : tensor<576x1xf32>
    %v157 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v158 = stablehlo.multiply %v156, %v157 : tensor<576x1xf32>
    %v159 = stablehlo.dot_general %mlp_gate_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v160 = stablehlo.dot_general %mlp_up_proj_weight, %v158, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x1xf32>) -> tensor<1536x1xf32>
    %v161 = stablehlo.logistic %v159 : tensor<1536x1xf32>
    %v162 = stablehlo.multiply %v159, %v161 : tensor<1536x1xf32>
    %v163 = stablehlo.multiply %v162, %v160 : tensor<1536x1xf32>
    %v164 = stablehlo.dot_general %mlp_down_proj_weight, %v163, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x1xf32>) -> tensor<576x1xf32>
    %v165 = stablehlo.add %v144, %v164 : tensor<576x1xf32>
    return %v165, %v45, %v48 : tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b1_w2048(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<576x1xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<1xi1>, tensor<1xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<1xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<1xi1>, tensor<1xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<1xi1>, tensor<1xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<1xi32>) -> tensor<1x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<1xi32>) -> tensor<1x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x1xf32>
    %v15 = stablehlo.convert %v3 : (tensor<1xi32>) -> tensor<1xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<1xf32>) -> tensor<32x1xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x1xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x1xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x1xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<1xi32>) -> tensor<1x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<1x1xi32>) -> tensor<1x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<1x576xf32>) -> tensor<576x1xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b1_w2048(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b1_w2048(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b1_w2048(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b1_w2048(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b1_w2048(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b1_w2048(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b1_w2048(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b1_w2048(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b1_w2048(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b1_w2048(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b1_w2048(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b1_w2048(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b1_w2048(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b1_w2048(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b1_w2048(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b1_w2048(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b1_w2048(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b1_w2048(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b1_w2048(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b1_w2048(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b1_w2048(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b1_w2048(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b1_w2048(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b1_w2048(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b1_w2048(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b1_w2048(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b1_w2048(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b1_w2048(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b1_w2048(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b1_w2048(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x1xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<1x2xi32>, tensor<1x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x1xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x1xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<1xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<1xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<1xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<1xf32>) -> tensor<576x1xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x1xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x1xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x1xf32>
    return %v398 : tensor<576x1xf32>
  }

  func.func @decode_ragged_logits_b1_w2048(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1x49152xf32> {
    %v0 = call @forward_decode_b1_w2048(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x1xf32>) -> tensor<1x49152xf32>
    return %v3 : tensor<1x49152xf32>
  }

  func.func @decode_ragged_argmax_b1_w2048(%tokens: tensor<1xi32>, %pos: tensor<1xi32>) -> tensor<1xi32> {
    %v0 = call @forward_decode_b1_w2048(%tokens, %pos) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<576x1xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x1xf32>) -> tensor<49152x1xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x1xf32>, tensor<f32>) -> tensor<1xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<1xf32>) -> tensor<49152x1xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x1xf32>, tensor<49152x1xf32>) -> tensor<49152x1xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x1xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x1xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x1xi1>, tensor<49152x1xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x1xi32>, tensor<i32>) -> tensor<1xi32>
    return %v12 : tensor<1xi32>
  }

  func.func private @layer_decode_b4_w256(%x: tensor<576x4xf32>, %cos: tensor<32x4xf32>, %sin: tensor<32x4xf32>, %kv_index: tensor<4x2xi32>, %query_pos: tensor<4x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x4xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<4xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<4xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<4xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x4xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x4xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x4xf32>) -> tensor<9x2x32x4xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x4xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x4xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x4xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x4xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x4xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x4xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x4xf32>, tensor<9x1x32x4xf32>) -> tensor<9x2x32x4xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x4xf32>) -> tensor<576x4xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x4xf32>) -> tensor<3x2x32x4xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x4xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x4xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x4xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x4xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x4xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x4xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x4xf32>, tensor<3x1x32x4xf32>) -> tensor<3x2x32x4xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x4xf32>) -> tensor<192x4xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<4x3xi32>) -> tensor<4x3x256xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<4x3x256xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<4x3x256xi32>, tensor<4x3x256xi32>) -> tensor<4x3x256xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x4xf32>) -> tensor<3x3x64x4xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x4xf32>) -> tensor<4x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<4x3x256xf32>
    %v56 = stablehlo.slice %v53 [0:4, 0:1, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:4, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v60 = stablehlo.slice %v48 [0:4, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x256x64xf32>) -> tensor<4x3x256xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<4x3x256xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<4x3x256xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<4x3x256xi1>, tensor<4x3x256xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<4x3x256xf32>
    %v71 = stablehlo.exponential %v70 : tensor<4x3x256xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<4x3x256xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x256xf32>, tensor<4x256x64xf32>) -> tensor<4x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:4, 1:2, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:4, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v82 = stablehlo.slice %v48 [0:4, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x256x64xf32>) -> tensor<4x3x256xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<4x3x256xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<4x3x256xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<4x3x256xi1>, tensor<4x3x256xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<4x3x256xf32>
    %v93 = stablehlo.exponential %v92 : tensor<4x3x256xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<4x3x256xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x256xf32>, tensor<4x256x64xf32>) -> tensor<4x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:4, 2:3, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:4, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v104 = stablehlo.slice %v48 [0:4, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x256x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<4x256x1x64xf32>) -> tensor<4x256x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x256x64xf32>) -> tensor<4x3x256xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<4x3x256xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<4x3x256xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<4x3x256xi1>, tensor<4x3x256xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<4x3x256xf32>
    %v115 = stablehlo.exponential %v114 : tensor<4x3x256xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<4x3x256xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x256xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<4x3x256xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x256xf32>, tensor<4x256x64xf32>) -> tensor<4x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>) -> tensor<4x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<4x3x3x64xf32>) -> tensor<4x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x4xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x4xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<4xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<4xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<4xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x4xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x4xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x4xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x4xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x4xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x4xf32>) -> tensor<576x4xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x4xf32>
    return %v147, %v45, %v48 : tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b4_w256(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<576x4xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<4xi1>, tensor<4xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<4xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<4xi1>, tensor<4xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<4xi1>, tensor<4xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<4xi32>) -> tensor<4x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x4xf32>
    %v15 = stablehlo.convert %v3 : (tensor<4xi32>) -> tensor<4xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<4xf32>) -> tensor<32x4xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x4xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x4xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x4xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<4xi32>) -> tensor<4x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<4x1xi32>) -> tensor<4x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b4_w256(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b4_w256(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b4_w256(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b4_w256(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b4_w256(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b4_w256(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b4_w256(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b4_w256(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b4_w256(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b4_w256(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b4_w256(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b4_w256(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b4_w256(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b4_w256(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b4_w256(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b4_w256(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b4_w256(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b4_w256(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b4_w256(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b4_w256(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b4_w256(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b4_w256(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b4_w256(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b4_w256(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b4_w256(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b4_w256(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b4_w256(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b4_w256(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b4_w256(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b4_w256(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x4xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<4xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<4xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<4xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x4xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x4xf32>
    return %v398 : tensor<576x4xf32>
  }

  func.func @decode_ragged_logits_b4_w256(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4x49152xf32> {
    %v0 = call @forward_decode_b4_w256(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x4xf32>) -> tensor<4x49152xf32>
    return %v3 : tensor<4x49152xf32>
  }

  func.func @decode_ragged_argmax_b4_w256(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4xi32> {
    %v0 = call @forward_decode_b4_w256(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<4xf32>) -> tensor<49152x4xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x4xf32>, tensor<49152x4xf32>) -> tensor<49152x4xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x4xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x4xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x4xi1>, tensor<49152x4xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x4xi32>, tensor<i32>) -> tensor<4xi32>
    return %v12 : tensor<4xi32>
  }

  func.func private @layer_decode_b4_w1024(%x: tensor<576x4xf32>, %cos: tensor<32x4xf32>, %sin: tensor<32x4xf32>, %kv_index: tensor<4x2xi32>, %query_pos: tensor<4x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x4xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<4xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<4xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<4xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x4xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x4xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x4xf32>) -> tensor<9x2x32x4xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x4xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x4xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x4xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x4xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x4xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x4xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x4xf32>, tensor<9x1x32x4xf32>) -> tensor<9x2x32x4xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x4xf32>) -> tensor<576x4xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x4xf32>) -> tensor<3x2x32x4xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x4xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x4xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x4xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x4xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x4xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x4xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x4xf32>, tensor<3x1x32x4xf32>) -> tensor<3x2x32x4xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x4xf32>) -> tensor<192x4xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<4x3xi32>) -> tensor<4x3x1024xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<4x3x1024xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<4x3x1024xi32>, tensor<4x3x1024xi32>) -> tensor<4x3x1024xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x4xf32>) -> tensor<3x3x64x4xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x4xf32>) -> tensor<4x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<4x3x1024xf32>
    %v56 = stablehlo.slice %v53 [0:4, 0:1, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:4, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v60 = stablehlo.slice %v48 [0:4, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x1024xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<4x3x1024xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<4x3x1024xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<4x3x1024xi1>, tensor<4x3x1024xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<4x3x1024xf32>
    %v71 = stablehlo.exponential %v70 : tensor<4x3x1024xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<4x3x1024xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x1024xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:4, 1:2, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:4, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v82 = stablehlo.slice %v48 [0:4, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x1024xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<4x3x1024xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<4x3x1024xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<4x3x1024xi1>, tensor<4x3x1024xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<4x3x1024xf32>
    %v93 = stablehlo.exponential %v92 : tensor<4x3x1024xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<4x3x1024xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x1024xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:4, 2:3, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:4, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v104 = stablehlo.slice %v48 [0:4, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x1024x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<4x1024x1x64xf32>) -> tensor<4x1024x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x1024xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<4x3x1024xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<4x3x1024xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<4x3x1024xi1>, tensor<4x3x1024xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<4x3x1024xf32>
    %v115 = stablehlo.exponential %v114 : tensor<4x3x1024xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<4x3x1024xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1024xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<4x3x1024xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x1024xf32>, tensor<4x1024x64xf32>) -> tensor<4x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>) -> tensor<4x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<4x3x3x64xf32>) -> tensor<4x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x4xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x4xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<4xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<4xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<4xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x4xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x4xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x4xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x4xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x4xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x4xf32>) -> tensor<576x4xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x4xf32>
    return %v147, %v45, %v48 : tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b4_w1024(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<576x4xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<4xi1>, tensor<4xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<4xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<4xi1>, tensor<4xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<4xi1>, tensor<4xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<4xi32>) -> tensor<4x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x4xf32>
    %v15 = stablehlo.convert %v3 : (tensor<4xi32>) -> tensor<4xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<4xf32>) -> tensor<32x4xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x4xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x4xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x4xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<4xi32>) -> tensor<4x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<4x1xi32>) -> tensor<4x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b4_w1024(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b4_w1024(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b4_w1024(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b4_w1024(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b4_w1024(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b4_w1024(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b4_w1024(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b4_w1024(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b4_w1024(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b4_w1024(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b4_w1024(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b4_w1024(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b4_w1024(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b4_w1024(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b4_w1024(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b4_w1024(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b4_w1024(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b4_w1024(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b4_w1024(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b4_w1024(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b4_w1024(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b4_w1024(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b4_w1024(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b4_w1024(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b4_w1024(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b4_w1024(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b4_w1024(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b4_w1024(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b4_w1024(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b4_w1024(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x4xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<4xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<4xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<4xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x4xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x4xf32>
    return %v398 : tensor<576x4xf32>
  }

  func.func @decode_ragged_logits_b4_w1024(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4x49152xf32> {
    %v0 = call @forward_decode_b4_w1024(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x4xf32>) -> tensor<4x49152xf32>
    return %v3 : tensor<4x49152xf32>
  }

  func.func @decode_ragged_argmax_b4_w1024(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4xi32> {
    %v0 = call @forward_decode_b4_w1024(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<4xf32>) -> tensor<49152x4xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x4xf32>, tensor<49152x4xf32>) -> tensor<49152x4xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x4xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x4xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x4xi1>, tensor<49152x4xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x4xi32>, tensor<i32>) -> tensor<4xi32>
    return %v12 : tensor<4xi32>
  }

  func.func private @layer_decode_b4_w2048(%x: tensor<576x4xf32>, %cos: tensor<32x4xf32>, %sin: tensor<32x4xf32>, %kv_index: tensor<4x2xi32>, %query_pos: tensor<4x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x4xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<4xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<4xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<4xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x4xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x4xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x4xf32>) -> tensor<192x4xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x4xf32>) -> tensor<9x2x32x4xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:4] : (tensor<9x2x32x4xf32>) -> tensor<9x1x32x4xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<9x1x32x4xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x4xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x4xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x4xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x4xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x4xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x4xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x4xf32>, tensor<9x1x32x4xf32>) -> tensor<9x2x32x4xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x4xf32>) -> tensor<576x4xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x4xf32>) -> tensor<3x2x32x4xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:4] : (tensor<3x2x32x4xf32>) -> tensor<3x1x32x4xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x4xf32>) -> tensor<3x1x32x4xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x4xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x4xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x4xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x4xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x4xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x4xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x4xf32>, tensor<3x1x32x4xf32>) -> tensor<3x2x32x4xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x4xf32>) -> tensor<192x4xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x4xf32>) -> tensor<3x64x4xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x4xf32>) -> tensor<4x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<4x2xi32>, tensor<4x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<4x3xi32>) -> tensor<4x3x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<4x3x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<4x3x2048xi32>, tensor<4x3x2048xi32>) -> tensor<4x3x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x4xf32>) -> tensor<3x3x64x4xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x4xf32>) -> tensor<4x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<4x3x2048xf32>
    %v56 = stablehlo.slice %v53 [0:4, 0:1, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:4, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v60 = stablehlo.slice %v48 [0:4, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x2048xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<4x3x2048xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<4x3x2048xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<4x3x2048xi1>, tensor<4x3x2048xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<4x3x2048xf32>
    %v71 = stablehlo.exponential %v70 : tensor<4x3x2048xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<4x3x2048xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x2048xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:4, 1:2, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:4, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v82 = stablehlo.slice %v48 [0:4, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x2048xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<4x3x2048xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<4x3x2048xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<4x3x2048xi1>, tensor<4x3x2048xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<4x3x2048xf32>
    %v93 = stablehlo.exponential %v92 : tensor<4x3x2048xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<4x3x2048xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x2048xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:4, 2:3, 0:3, 0:64] : (tensor<4x3x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<4x1x3x64xf32>) -> tensor<4x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:4, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v104 = stablehlo.slice %v48 [0:4, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<4x2048x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<4x2048x1x64xf32>) -> tensor<4x2048x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x3x64xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x2048xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<4x3x2048xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<4x3x2048xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<4x3x2048xi1>, tensor<4x3x2048xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<4x3x2048xf32>
    %v115 = stablehlo.exponential %v114 : tensor<4x3x2048xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<4x3x2048xf32>, tensor<f32>) -> tensor<4x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x2048xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<4x3x2048xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x2048xf32>, tensor<4x2048x64xf32>) -> tensor<4x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<4x3x64xf32>) -> tensor<4x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>, tensor<4x1x3x64xf32>) -> tensor<4x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<4x3x3x64xf32>) -> tensor<4x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x4xf32>) -> tensor<576x4xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x4xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x4xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<4xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<4xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<4xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x4xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x4xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x4xf32>) -> tensor<1536x4xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x4xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x4xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x4xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x4xf32>) -> tensor<576x4xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x4xf32>
    return %v147, %v45, %v48 : tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b4_w2048(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<576x4xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<4xi1>, tensor<4xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<4xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<4xi1>, tensor<4xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<4xi1>, tensor<4xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<4xi32>) -> tensor<4x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<4xi32>) -> tensor<4x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x4xf32>
    %v15 = stablehlo.convert %v3 : (tensor<4xi32>) -> tensor<4xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<4xf32>) -> tensor<32x4xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x4xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x4xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x4xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<4xi32>) -> tensor<4x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<4x1xi32>) -> tensor<4x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<4x576xf32>) -> tensor<576x4xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b4_w2048(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b4_w2048(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b4_w2048(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b4_w2048(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b4_w2048(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b4_w2048(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b4_w2048(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b4_w2048(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b4_w2048(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b4_w2048(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b4_w2048(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b4_w2048(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b4_w2048(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b4_w2048(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b4_w2048(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b4_w2048(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b4_w2048(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b4_w2048(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b4_w2048(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b4_w2048(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b4_w2048(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b4_w2048(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b4_w2048(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b4_w2048(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b4_w2048(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b4_w2048(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b4_w2048(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b4_w2048(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b4_w2048(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b4_w2048(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x4xf32>, tensor<32x4xf32>, tensor<32x4xf32>, tensor<4x2xi32>, tensor<4x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x4xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x4xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<4xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<4xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<4xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<4xf32>) -> tensor<576x4xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x4xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x4xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x4xf32>
    return %v398 : tensor<576x4xf32>
  }

  func.func @decode_ragged_logits_b4_w2048(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4x49152xf32> {
    %v0 = call @forward_decode_b4_w2048(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x4xf32>) -> tensor<4x49152xf32>
    return %v3 : tensor<4x49152xf32>
  }

  func.func @decode_ragged_argmax_b4_w2048(%tokens: tensor<4xi32>, %pos: tensor<4xi32>) -> tensor<4xi32> {
    %v0 = call @forward_decode_b4_w2048(%tokens, %pos) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<576x4xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x4xf32>) -> tensor<49152x4xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x4xf32>, tensor<f32>) -> tensor<4xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<4xf32>) -> tensor<49152x4xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x4xf32>, tensor<49152x4xf32>) -> tensor<49152x4xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x4xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x4xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x4xi1>, tensor<49152x4xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x4xi32>, tensor<i32>) -> tensor<4xi32>
    return %v12 : tensor<4xi32>
  }

  func.func private @layer_decode_b8_w256(%x: tensor<576x8xf32>, %cos: tensor<32x8xf32>, %sin: tensor<32x8xf32>, %kv_index: tensor<8x2xi32>, %query_pos: tensor<8x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x8xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<8xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<8xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<8xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x8xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x8xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x8xf32>) -> tensor<9x2x32x8xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x8xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x8xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x8xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x8xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x8xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x8xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x8xf32>, tensor<9x1x32x8xf32>) -> tensor<9x2x32x8xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x8xf32>) -> tensor<576x8xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x8xf32>) -> tensor<3x2x32x8xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x8xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x8xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x8xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x8xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x8xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x8xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x8xf32>, tensor<3x1x32x8xf32>) -> tensor<3x2x32x8xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x8xf32>) -> tensor<192x8xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<8x3xi32>) -> tensor<8x3x256xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<8x3x256xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<8x3x256xi32>, tensor<8x3x256xi32>) -> tensor<8x3x256xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x8xf32>) -> tensor<3x3x64x8xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x8xf32>) -> tensor<8x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<8x3x256xf32>
    %v56 = stablehlo.slice %v53 [0:8, 0:1, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:8, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v60 = stablehlo.slice %v48 [0:8, 0:256, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x256x64xf32>) -> tensor<8x3x256xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<8x3x256xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<8x3x256xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<8x3x256xi1>, tensor<8x3x256xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<8x3x256xf32>
    %v71 = stablehlo.exponential %v70 : tensor<8x3x256xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<8x3x256xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x256xf32>, tensor<8x256x64xf32>) -> tensor<8x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:8, 1:2, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:8, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v82 = stablehlo.slice %v48 [0:8, 0:256, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x256x64xf32>) -> tensor<8x3x256xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<8x3x256xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<8x3x256xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<8x3x256xi1>, tensor<8x3x256xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<8x3x256xf32>
    %v93 = stablehlo.exponential %v92 : tensor<8x3x256xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<8x3x256xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x256xf32>, tensor<8x256x64xf32>) -> tensor<8x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:8, 2:3, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:8, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v104 = stablehlo.slice %v48 [0:8, 0:256, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x256x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<8x256x1x64xf32>) -> tensor<8x256x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x256x64xf32>) -> tensor<8x3x256xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<8x3x256xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<8x3x256xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<8x3x256xi1>, tensor<8x3x256xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<8x3x256xf32>
    %v115 = stablehlo.exponential %v114 : tensor<8x3x256xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<8x3x256xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x256xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<8x3x256xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x256xf32>, tensor<8x256x64xf32>) -> tensor<8x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>) -> tensor<8x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<8x3x3x64xf32>) -> tensor<8x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x8xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x8xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<8xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<8xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<8xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x8xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x8xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x8xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x8xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x8xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x8xf32>) -> tensor<576x8xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x8xf32>
    return %v147, %v45, %v48 : tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b8_w256(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<576x8xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<8xi1>, tensor<8xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<8xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<8xi1>, tensor<8xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<8xi1>, tensor<8xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<8xi32>) -> tensor<8x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x8xf32>
    %v15 = stablehlo.convert %v3 : (tensor<8xi32>) -> tensor<8xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<8xf32>) -> tensor<32x8xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x8xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x8xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x8xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<8xi32>) -> tensor<8x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<8x1xi32>) -> tensor<8x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b8_w256(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b8_w256(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b8_w256(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b8_w256(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b8_w256(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b8_w256(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b8_w256(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b8_w256(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b8_w256(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b8_w256(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b8_w256(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b8_w256(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b8_w256(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b8_w256(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b8_w256(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b8_w256(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b8_w256(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b8_w256(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b8_w256(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b8_w256(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b8_w256(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b8_w256(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b8_w256(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b8_w256(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b8_w256(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b8_w256(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b8_w256(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b8_w256(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b8_w256(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b8_w256(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x8xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<8xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<8xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<8xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x8xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x8xf32>
    return %v398 : tensor<576x8xf32>
  }

  func.func @decode_ragged_logits_b8_w256(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8x49152xf32> {
    %v0 = call @forward_decode_b8_w256(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x8xf32>) -> tensor<8x49152xf32>
    return %v3 : tensor<8x49152xf32>
  }

  func.func @decode_ragged_argmax_b8_w256(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8xi32> {
    %v0 = call @forward_decode_b8_w256(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<8xf32>) -> tensor<49152x8xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x8xf32>, tensor<49152x8xf32>) -> tensor<49152x8xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x8xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x8xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x8xi1>, tensor<49152x8xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x8xi32>, tensor<i32>) -> tensor<8xi32>
    return %v12 : tensor<8xi32>
  }

  func.func private @layer_decode_b8_w1024(%x: tensor<576x8xf32>, %cos: tensor<32x8xf32>, %sin: tensor<32x8xf32>, %kv_index: tensor<8x2xi32>, %query_pos: tensor<8x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x8xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<8xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<8xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<8xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x8xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x8xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x8xf32>) -> tensor<9x2x32x8xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x8xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x8xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x8xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x8xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x8xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x8xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x8xf32>, tensor<9x1x32x8xf32>) -> tensor<9x2x32x8xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x8xf32>) -> tensor<576x8xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x8xf32>) -> tensor<3x2x32x8xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x8xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x8xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x8xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x8xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x8xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x8xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x8xf32>, tensor<3x1x32x8xf32>) -> tensor<3x2x32x8xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x8xf32>) -> tensor<192x8xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<8x3xi32>) -> tensor<8x3x1024xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<8x3x1024xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<8x3x1024xi32>, tensor<8x3x1024xi32>) -> tensor<8x3x1024xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x8xf32>) -> tensor<3x3x64x8xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x8xf32>) -> tensor<8x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<8x3x1024xf32>
    %v56 = stablehlo.slice %v53 [0:8, 0:1, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:8, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v60 = stablehlo.slice %v48 [0:8, 0:1024, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x1024xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<8x3x1024xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<8x3x1024xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<8x3x1024xi1>, tensor<8x3x1024xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<8x3x1024xf32>
    %v71 = stablehlo.exponential %v70 : tensor<8x3x1024xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<8x3x1024xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x1024xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:8, 1:2, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:8, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v82 = stablehlo.slice %v48 [0:8, 0:1024, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x1024xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<8x3x1024xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<8x3x1024xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<8x3x1024xi1>, tensor<8x3x1024xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<8x3x1024xf32>
    %v93 = stablehlo.exponential %v92 : tensor<8x3x1024xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<8x3x1024xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x1024xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:8, 2:3, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:8, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v104 = stablehlo.slice %v48 [0:8, 0:1024, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x1024x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<8x1024x1x64xf32>) -> tensor<8x1024x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x1024xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<8x3x1024xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<8x3x1024xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<8x3x1024xi1>, tensor<8x3x1024xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<8x3x1024xf32>
    %v115 = stablehlo.exponential %v114 : tensor<8x3x1024xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<8x3x1024xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x1024xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<8x3x1024xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x1024xf32>, tensor<8x1024x64xf32>) -> tensor<8x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>) -> tensor<8x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<8x3x3x64xf32>) -> tensor<8x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x8xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x8xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<8xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<8xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<8xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x8xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x8xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x8xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x8xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x8xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x8xf32>) -> tensor<576x8xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x8xf32>
    return %v147, %v45, %v48 : tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b8_w1024(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<576x8xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<8xi1>, tensor<8xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<8xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<8xi1>, tensor<8xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<8xi1>, tensor<8xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<8xi32>) -> tensor<8x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x8xf32>
    %v15 = stablehlo.convert %v3 : (tensor<8xi32>) -> tensor<8xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<8xf32>) -> tensor<32x8xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x8xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x8xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x8xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<8xi32>) -> tensor<8x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<8x1xi32>) -> tensor<8x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b8_w1024(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b8_w1024(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b8_w1024(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b8_w1024(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b8_w1024(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b8_w1024(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b8_w1024(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b8_w1024(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b8_w1024(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b8_w1024(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b8_w1024(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b8_w1024(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b8_w1024(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b8_w1024(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b8_w1024(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b8_w1024(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b8_w1024(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b8_w1024(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b8_w1024(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b8_w1024(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b8_w1024(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b8_w1024(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b8_w1024(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b8_w1024(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b8_w1024(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b8_w1024(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b8_w1024(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b8_w1024(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b8_w1024(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b8_w1024(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x8xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<8xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<8xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<8xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x8xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x8xf32>
    return %v398 : tensor<576x8xf32>
  }

  func.func @decode_ragged_logits_b8_w1024(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8x49152xf32> {
    %v0 = call @forward_decode_b8_w1024(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x8xf32>) -> tensor<8x49152xf32>
    return %v3 : tensor<8x49152xf32>
  }

  func.func @decode_ragged_argmax_b8_w1024(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8xi32> {
    %v0 = call @forward_decode_b8_w1024(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<8xf32>) -> tensor<49152x8xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x8xf32>, tensor<49152x8xf32>) -> tensor<49152x8xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x8xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x8xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x8xi1>, tensor<49152x8xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x8xi32>, tensor<i32>) -> tensor<8xi32>
    return %v12 : tensor<8xi32>
  }

  func.func private @layer_decode_b8_w2048(%x: tensor<576x8xf32>, %cos: tensor<32x8xf32>, %sin: tensor<32x8xf32>, %kv_index: tensor<8x2xi32>, %query_pos: tensor<8x3xi32>, %k_cache: tensor<9x2048x3x64xf32>, %v_cache: tensor<9x2048x3x64xf32>, %input_layernorm_weight: tensor<576xf32>, %self_attn_q_proj_weight: tensor<576x576xf32>, %self_attn_k_proj_weight: tensor<192x576xf32>, %self_attn_v_proj_weight: tensor<192x576xf32>, %self_attn_o_proj_weight: tensor<576x576xf32>, %post_attention_layernorm_weight: tensor<576xf32>, %mlp_gate_proj_weight: tensor<1536x576xf32>, %mlp_up_proj_weight: tensor<1536x576xf32>, %mlp_down_proj_weight: tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>) {
    %v0 = stablehlo.multiply %x, %x : tensor<576x8xf32>
    %v1 = stablehlo.constant dense<0.0> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v3 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v4 = stablehlo.broadcast_in_dim %v3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.divide %v2, %v4 : tensor<8xf32>
    %v6 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v7 = stablehlo.broadcast_in_dim %v6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v8 = stablehlo.add %v5, %v7 : tensor<8xf32>
    %v9 = stablehlo.rsqrt %v8 : tensor<8xf32>
    %v10 = stablehlo.broadcast_in_dim %v9, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v11 = stablehlo.multiply %x, %v10 : tensor<576x8xf32>
    %v12 = stablehlo.broadcast_in_dim %input_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v13 = stablehlo.multiply %v11, %v12 : tensor<576x8xf32>
    %v14 = stablehlo.dot_general %self_attn_q_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v15 = stablehlo.dot_general %self_attn_k_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v16 = stablehlo.dot_general %self_attn_v_proj_weight, %v13, contracting_dims = [1] x [0] : (tensor<192x576xf32>, tensor<576x8xf32>) -> tensor<192x8xf32>
    %v17 = stablehlo.reshape %v14 : (tensor<576x8xf32>) -> tensor<9x2x32x8xf32>
    %v18 = stablehlo.slice %v17 [0:9, 0:1, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v19 = stablehlo.slice %v17 [0:9, 1:2, 0:32, 0:8] : (tensor<9x2x32x8xf32>) -> tensor<9x1x32x8xf32>
    %v20 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v21 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<9x1x32x8xf32>
    %v22 = stablehlo.multiply %v18, %v20 : tensor<9x1x32x8xf32>
    %v23 = stablehlo.multiply %v19, %v21 : tensor<9x1x32x8xf32>
    %v24 = stablehlo.multiply %v19, %v20 : tensor<9x1x32x8xf32>
    %v25 = stablehlo.multiply %v18, %v21 : tensor<9x1x32x8xf32>
    %v26 = stablehlo.subtract %v22, %v23 : tensor<9x1x32x8xf32>
    %v27 = stablehlo.add %v24, %v25 : tensor<9x1x32x8xf32>
    %v28 = stablehlo.concatenate %v26, %v27, dim = 1 : (tensor<9x1x32x8xf32>, tensor<9x1x32x8xf32>) -> tensor<9x2x32x8xf32>
    %v29 = stablehlo.reshape %v28 : (tensor<9x2x32x8xf32>) -> tensor<576x8xf32>
    %v30 = stablehlo.reshape %v15 : (tensor<192x8xf32>) -> tensor<3x2x32x8xf32>
    %v31 = stablehlo.slice %v30 [0:3, 0:1, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v32 = stablehlo.slice %v30 [0:3, 1:2, 0:32, 0:8] : (tensor<3x2x32x8xf32>) -> tensor<3x1x32x8xf32>
    %v33 = stablehlo.broadcast_in_dim %cos, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v34 = stablehlo.broadcast_in_dim %sin, dims = [2, 3] : (tensor<32x8xf32>) -> tensor<3x1x32x8xf32>
    %v35 = stablehlo.multiply %v31, %v33 : tensor<3x1x32x8xf32>
    %v36 = stablehlo.multiply %v32, %v34 : tensor<3x1x32x8xf32>
    %v37 = stablehlo.multiply %v32, %v33 : tensor<3x1x32x8xf32>
    %v38 = stablehlo.multiply %v31, %v34 : tensor<3x1x32x8xf32>
    %v39 = stablehlo.subtract %v35, %v36 : tensor<3x1x32x8xf32>
    %v40 = stablehlo.add %v37, %v38 : tensor<3x1x32x8xf32>
    %v41 = stablehlo.concatenate %v39, %v40, dim = 1 : (tensor<3x1x32x8xf32>, tensor<3x1x32x8xf32>) -> tensor<3x2x32x8xf32>
    %v42 = stablehlo.reshape %v41 : (tensor<3x2x32x8xf32>) -> tensor<192x8xf32>
    %v43 = stablehlo.reshape %v42 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v44 = stablehlo.transpose %v43, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v45 = "stablehlo.scatter"(%k_cache, %kv_index, %v44) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v46 = stablehlo.reshape %v16 : (tensor<192x8xf32>) -> tensor<3x64x8xf32>
    %v47 = stablehlo.transpose %v46, dims = [2, 0, 1] : (tensor<3x64x8xf32>) -> tensor<8x3x64xf32>
    %v48 = "stablehlo.scatter"(%v_cache, %kv_index, %v47) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<8x2xi32>, tensor<8x3x64xf32>) -> tensor<9x2048x3x64xf32>
    %v49 = stablehlo.broadcast_in_dim %query_pos, dims = [0, 1] : (tensor<8x3xi32>) -> tensor<8x3x2048xi32>
    %v50 = stablehlo.iota dim = 2 : tensor<8x3x2048xi32>
    %v51 = stablehlo.compare LE, %v50, %v49, SIGNED : (tensor<8x3x2048xi32>, tensor<8x3x2048xi32>) -> tensor<8x3x2048xi1>
    %v52 = stablehlo.reshape %v29 : (tensor<576x8xf32>) -> tensor<3x3x64x8xf32>
    %v53 = stablehlo.transpose %v52, dims = [3, 0, 1, 2] : (tensor<3x3x64x8xf32>) -> tensor<8x3x3x64xf32>
    %v54 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v55 = stablehlo.broadcast_in_dim %v54, dims = [] : (tensor<f32>) -> tensor<8x3x2048xf32>
    %v56 = stablehlo.slice %v53 [0:8, 0:1, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v57 = stablehlo.reshape %v56 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v58 = stablehlo.slice %v45 [0:8, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v59 = stablehlo.reshape %v58 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v60 = stablehlo.slice %v48 [0:8, 0:2048, 0:1, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v61 = stablehlo.reshape %v60 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v62 = stablehlo.dot_general %v57, %v59, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x2048xf32>
    %v63 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v64 = stablehlo.broadcast_in_dim %v63, dims = [] : (tensor<f32>) -> tensor<8x3x2048xf32>
    %v65 = stablehlo.multiply %v62, %v64 : tensor<8x3x2048xf32>
    %v66 = stablehlo.select %v51, %v65, %v55 : tensor<8x3x2048xi1>, tensor<8x3x2048xf32>
    %v67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v68 = stablehlo.reduce(%v66 init: %v67) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v69 = stablehlo.broadcast_in_dim %v68, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v70 = stablehlo.subtract %v66, %v69 : tensor<8x3x2048xf32>
    %v71 = stablehlo.exponential %v70 : tensor<8x3x2048xf32>
    %v72 = stablehlo.constant dense<0.0> : tensor<f32>
    %v73 = stablehlo.reduce(%v71 init: %v72) applies stablehlo.add across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v74 = stablehlo.broadcast_in_dim %v73, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v75 = stablehlo.divide %v71, %v74 : tensor<8x3x2048xf32>
    %v76 = stablehlo.dot_general %v75, %v61, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x2048xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x64xf32>
    %v77 = stablehlo.reshape %v76 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v78 = stablehlo.slice %v53 [0:8, 1:2, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v79 = stablehlo.reshape %v78 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v80 = stablehlo.slice %v45 [0:8, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v81 = stablehlo.reshape %v80 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v82 = stablehlo.slice %v48 [0:8, 0:2048, 1:2, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v83 = stablehlo.reshape %v82 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v84 = stablehlo.dot_general %v79, %v81, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x2048xf32>
    %v85 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v86 = stablehlo.broadcast_in_dim %v85, dims = [] : (tensor<f32>) -> tensor<8x3x2048xf32>
    %v87 = stablehlo.multiply %v84, %v86 : tensor<8x3x2048xf32>
    %v88 = stablehlo.select %v51, %v87, %v55 : tensor<8x3x2048xi1>, tensor<8x3x2048xf32>
    %v89 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v90 = stablehlo.reduce(%v88 init: %v89) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v91 = stablehlo.broadcast_in_dim %v90, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v92 = stablehlo.subtract %v88, %v91 : tensor<8x3x2048xf32>
    %v93 = stablehlo.exponential %v92 : tensor<8x3x2048xf32>
    %v94 = stablehlo.constant dense<0.0> : tensor<f32>
    %v95 = stablehlo.reduce(%v93 init: %v94) applies stablehlo.add across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v96 = stablehlo.broadcast_in_dim %v95, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v97 = stablehlo.divide %v93, %v96 : tensor<8x3x2048xf32>
    %v98 = stablehlo.dot_general %v97, %v83, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x2048xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x64xf32>
    %v99 = stablehlo.reshape %v98 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v100 = stablehlo.slice %v53 [0:8, 2:3, 0:3, 0:64] : (tensor<8x3x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v101 = stablehlo.reshape %v100 : (tensor<8x1x3x64xf32>) -> tensor<8x3x64xf32>
    %v102 = stablehlo.slice %v45 [0:8, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v103 = stablehlo.reshape %v102 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v104 = stablehlo.slice %v48 [0:8, 0:2048, 2:3, 0:64] : (tensor<9x2048x3x64xf32>) -> tensor<8x2048x1x64xf32>
    %v105 = stablehlo.reshape %v104 : (tensor<8x2048x1x64xf32>) -> tensor<8x2048x64xf32>
    %v106 = stablehlo.dot_general %v101, %v103, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x3x64xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x2048xf32>
    %v107 = stablehlo.constant dense<1.25e-1> : tensor<f32>
    %v108 = stablehlo.broadcast_in_dim %v107, dims = [] : (tensor<f32>) -> tensor<8x3x2048xf32>
    %v109 = stablehlo.multiply %v106, %v108 : tensor<8x3x2048xf32>
    %v110 = stablehlo.select %v51, %v109, %v55 : tensor<8x3x2048xi1>, tensor<8x3x2048xf32>
    %v111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v112 = stablehlo.reduce(%v110 init: %v111) applies stablehlo.maximum across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v113 = stablehlo.broadcast_in_dim %v112, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v114 = stablehlo.subtract %v110, %v113 : tensor<8x3x2048xf32>
    %v115 = stablehlo.exponential %v114 : tensor<8x3x2048xf32>
    %v116 = stablehlo.constant dense<0.0> : tensor<f32>
    %v117 = stablehlo.reduce(%v115 init: %v116) applies stablehlo.add across dimensions = [2] : (tensor<8x3x2048xf32>, tensor<f32>) -> tensor<8x3xf32>
    %v118 = stablehlo.broadcast_in_dim %v117, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2048xf32>
    %v119 = stablehlo.divide %v115, %v118 : tensor<8x3x2048xf32>
    %v120 = stablehlo.dot_general %v119, %v105, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x2048xf32>, tensor<8x2048x64xf32>) -> tensor<8x3x64xf32>
    %v121 = stablehlo.reshape %v120 : (tensor<8x3x64xf32>) -> tensor<8x1x3x64xf32>
    %v122 = stablehlo.concatenate %v77, %v99, %v121, dim = 1 : (tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>, tensor<8x1x3x64xf32>) -> tensor<8x3x3x64xf32>
    %v123 = stablehlo.reshape %v122 : (tensor<8x3x3x64xf32>) -> tensor<8x576xf32>
    %v124 = stablehlo.transpose %v123, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v125 = stablehlo.dot_general %self_attn_o_proj_weight, %v124, contracting_dims = [1] x [0] : (tensor<576x576xf32>, tensor<576x8xf32>) -> tensor<576x8xf32>
    %v126 = stablehlo.add %x, %v125 : tensor<576x8xf32>
    %v127 = stablehlo.multiply %v126, %v126 : tensor<576x8xf32>
    %v128 = stablehlo.constant dense<0.0> : tensor<f32>
    %v129 = stablehlo.reduce(%v127 init: %v128) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v130 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v131 = stablehlo.broadcast_in_dim %v130, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v132 = stablehlo.divide %v129, %v131 : tensor<8xf32>
    %v133 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v134 = stablehlo.broadcast_in_dim %v133, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v135 = stablehlo.add %v132, %v134 : tensor<8xf32>
    %v136 = stablehlo.rsqrt %v135 : tensor<8xf32>
    %v137 = stablehlo.broadcast_in_dim %v136, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v138 = stablehlo.multiply %v126, %v137 : tensor<576x8xf32>
    %v139 = stablehlo.broadcast_in_dim %post_attention_layernorm_weight, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v140 = stablehlo.multiply %v138, %v139 : tensor<576x8xf32>
    %v141 = stablehlo.dot_general %mlp_gate_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v142 = stablehlo.dot_general %mlp_up_proj_weight, %v140, contracting_dims = [1] x [0] : (tensor<1536x576xf32>, tensor<576x8xf32>) -> tensor<1536x8xf32>
    %v143 = stablehlo.logistic %v141 : tensor<1536x8xf32>
    %v144 = stablehlo.multiply %v141, %v143 : tensor<1536x8xf32>
    %v145 = stablehlo.multiply %v144, %v142 : tensor<1536x8xf32>
    %v146 = stablehlo.dot_general %mlp_down_proj_weight, %v145, contracting_dims = [1] x [0] : (tensor<576x1536xf32>, tensor<1536x8xf32>) -> tensor<576x8xf32>
    %v147 = stablehlo.add %v126, %v146 : tensor<576x8xf32>
    return %v147, %v45, %v48 : tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>
  }

  func.func private @forward_decode_b8_w2048(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<576x8xf32> {
    %v0 = stablehlo.constant dense<0> : tensor<i32>
    %v1 = stablehlo.broadcast_in_dim %v0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v2 = stablehlo.compare GE, %pos, %v1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %v3 = stablehlo.select %v2, %pos, %v1 : tensor<8xi1>, tensor<8xi32>
    %v4 = stablehlo.iota dim = 0 : tensor<8xi32>
    %v5 = stablehlo.constant dense<8> : tensor<i32>
    %v6 = stablehlo.broadcast_in_dim %v5, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %v7 = stablehlo.select %v2, %v4, %v6 : tensor<8xi1>, tensor<8xi32>
    %v8 = stablehlo.select %v2, %pos, %v4 : tensor<8xi1>, tensor<8xi32>
    %v9 = stablehlo.reshape %v7 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v10 = stablehlo.reshape %v8 : (tensor<8xi32>) -> tensor<8x1xi32>
    %v11 = stablehlo.concatenate %v9, %v10, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
    %v12 = stablehlo.broadcast_in_dim %v3, dims = [0] : (tensor<8xi32>) -> tensor<8x3xi32>
    %v13 = stablehlo.constant dense<[1.0, 6.9783056e-1, 4.8696753e-1, 3.3982083e-1, 2.3713738e-1, 1.6548172e-1, 1.15478195e-1, 8.058422e-2, 5.6234132e-2, 3.92419e-2, 2.7384195e-2, 1.910953e-2, 1.3335214e-2, 9.30572e-3, 6.493816e-3, 4.5315837e-3, 3.1622776e-3, 2.2067341e-3, 1.5399265e-3, 1.0746078e-3, 7.498942e-4, 5.232991e-4, 3.651741e-4, 2.5482968e-4, 1.7782794e-4, 1.2409377e-4, 8.659643e-5, 6.042964e-5, 4.216965e-5, 2.9427272e-5, 2.053525e-5, 1.4330126e-5]> : tensor<32xf32>
    %v14 = stablehlo.broadcast_in_dim %v13, dims = [0] : (tensor<32xf32>) -> tensor<32x8xf32>
    %v15 = stablehlo.convert %v3 : (tensor<8xi32>) -> tensor<8xf32>
    %v16 = stablehlo.broadcast_in_dim %v15, dims = [1] : (tensor<8xf32>) -> tensor<32x8xf32>
    %v17 = stablehlo.multiply %v16, %v14 : tensor<32x8xf32>
    %v18 = stablehlo.cosine %v17 : tensor<32x8xf32>
    %v19 = stablehlo.sine %v17 : tensor<32x8xf32>
    %v20 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v21 = stablehlo.reshape %tokens : (tensor<8xi32>) -> tensor<8x1xi32>
    %v22 = "stablehlo.gather"(%v20, %v21) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 576>} : (tensor<49152x576xf32>, tensor<8x1xi32>) -> tensor<8x576xf32>
    %v23 = stablehlo.transpose %v22, dims = [1, 0] : (tensor<8x576xf32>) -> tensor<576x8xf32>
    %v24 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v25 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @model.layers.0.input_layernorm.weight : tensor<576xf32>
    %v27 = util.global.load @model.layers.0.self_attn.q_proj.weight : tensor<576x576xf32>
    %v28 = util.global.load @model.layers.0.self_attn.k_proj.weight : tensor<192x576xf32>
    %v29 = util.global.load @model.layers.0.self_attn.v_proj.weight : tensor<192x576xf32>
    %v30 = util.global.load @model.layers.0.self_attn.o_proj.weight : tensor<576x576xf32>
    %v31 = util.global.load @model.layers.0.post_attention_layernorm.weight : tensor<576xf32>
    %v32 = util.global.load @model.layers.0.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v33 = util.global.load @model.layers.0.mlp.up_proj.weight : tensor<1536x576xf32>
    %v34 = util.global.load @model.layers.0.mlp.down_proj.weight : tensor<576x1536xf32>
    %v35:3 = call @layer_decode_b8_w2048(%v23, %v18, %v19, %v11, %v12, %v24, %v25, %v26, %v27, %v28, %v29, %v30, %v31, %v32, %v33, %v34) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v35#1, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    util.global.store %v35#2, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v36 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v37 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @model.layers.1.input_layernorm.weight : tensor<576xf32>
    %v39 = util.global.load @model.layers.1.self_attn.q_proj.weight : tensor<576x576xf32>
    %v40 = util.global.load @model.layers.1.self_attn.k_proj.weight : tensor<192x576xf32>
    %v41 = util.global.load @model.layers.1.self_attn.v_proj.weight : tensor<192x576xf32>
    %v42 = util.global.load @model.layers.1.self_attn.o_proj.weight : tensor<576x576xf32>
    %v43 = util.global.load @model.layers.1.post_attention_layernorm.weight : tensor<576xf32>
    %v44 = util.global.load @model.layers.1.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v45 = util.global.load @model.layers.1.mlp.up_proj.weight : tensor<1536x576xf32>
    %v46 = util.global.load @model.layers.1.mlp.down_proj.weight : tensor<576x1536xf32>
    %v47:3 = call @layer_decode_b8_w2048(%v35#0, %v18, %v19, %v11, %v12, %v36, %v37, %v38, %v39, %v40, %v41, %v42, %v43, %v44, %v45, %v46) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v47#1, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    util.global.store %v47#2, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v48 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v49 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @model.layers.2.input_layernorm.weight : tensor<576xf32>
    %v51 = util.global.load @model.layers.2.self_attn.q_proj.weight : tensor<576x576xf32>
    %v52 = util.global.load @model.layers.2.self_attn.k_proj.weight : tensor<192x576xf32>
    %v53 = util.global.load @model.layers.2.self_attn.v_proj.weight : tensor<192x576xf32>
    %v54 = util.global.load @model.layers.2.self_attn.o_proj.weight : tensor<576x576xf32>
    %v55 = util.global.load @model.layers.2.post_attention_layernorm.weight : tensor<576xf32>
    %v56 = util.global.load @model.layers.2.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v57 = util.global.load @model.layers.2.mlp.up_proj.weight : tensor<1536x576xf32>
    %v58 = util.global.load @model.layers.2.mlp.down_proj.weight : tensor<576x1536xf32>
    %v59:3 = call @layer_decode_b8_w2048(%v47#0, %v18, %v19, %v11, %v12, %v48, %v49, %v50, %v51, %v52, %v53, %v54, %v55, %v56, %v57, %v58) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v59#1, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    util.global.store %v59#2, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v60 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v61 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @model.layers.3.input_layernorm.weight : tensor<576xf32>
    %v63 = util.global.load @model.layers.3.self_attn.q_proj.weight : tensor<576x576xf32>
    %v64 = util.global.load @model.layers.3.self_attn.k_proj.weight : tensor<192x576xf32>
    %v65 = util.global.load @model.layers.3.self_attn.v_proj.weight : tensor<192x576xf32>
    %v66 = util.global.load @model.layers.3.self_attn.o_proj.weight : tensor<576x576xf32>
    %v67 = util.global.load @model.layers.3.post_attention_layernorm.weight : tensor<576xf32>
    %v68 = util.global.load @model.layers.3.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v69 = util.global.load @model.layers.3.mlp.up_proj.weight : tensor<1536x576xf32>
    %v70 = util.global.load @model.layers.3.mlp.down_proj.weight : tensor<576x1536xf32>
    %v71:3 = call @layer_decode_b8_w2048(%v59#0, %v18, %v19, %v11, %v12, %v60, %v61, %v62, %v63, %v64, %v65, %v66, %v67, %v68, %v69, %v70) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v71#1, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    util.global.store %v71#2, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v72 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v73 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @model.layers.4.input_layernorm.weight : tensor<576xf32>
    %v75 = util.global.load @model.layers.4.self_attn.q_proj.weight : tensor<576x576xf32>
    %v76 = util.global.load @model.layers.4.self_attn.k_proj.weight : tensor<192x576xf32>
    %v77 = util.global.load @model.layers.4.self_attn.v_proj.weight : tensor<192x576xf32>
    %v78 = util.global.load @model.layers.4.self_attn.o_proj.weight : tensor<576x576xf32>
    %v79 = util.global.load @model.layers.4.post_attention_layernorm.weight : tensor<576xf32>
    %v80 = util.global.load @model.layers.4.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v81 = util.global.load @model.layers.4.mlp.up_proj.weight : tensor<1536x576xf32>
    %v82 = util.global.load @model.layers.4.mlp.down_proj.weight : tensor<576x1536xf32>
    %v83:3 = call @layer_decode_b8_w2048(%v71#0, %v18, %v19, %v11, %v12, %v72, %v73, %v74, %v75, %v76, %v77, %v78, %v79, %v80, %v81, %v82) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v83#1, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    util.global.store %v83#2, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v84 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v85 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @model.layers.5.input_layernorm.weight : tensor<576xf32>
    %v87 = util.global.load @model.layers.5.self_attn.q_proj.weight : tensor<576x576xf32>
    %v88 = util.global.load @model.layers.5.self_attn.k_proj.weight : tensor<192x576xf32>
    %v89 = util.global.load @model.layers.5.self_attn.v_proj.weight : tensor<192x576xf32>
    %v90 = util.global.load @model.layers.5.self_attn.o_proj.weight : tensor<576x576xf32>
    %v91 = util.global.load @model.layers.5.post_attention_layernorm.weight : tensor<576xf32>
    %v92 = util.global.load @model.layers.5.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v93 = util.global.load @model.layers.5.mlp.up_proj.weight : tensor<1536x576xf32>
    %v94 = util.global.load @model.layers.5.mlp.down_proj.weight : tensor<576x1536xf32>
    %v95:3 = call @layer_decode_b8_w2048(%v83#0, %v18, %v19, %v11, %v12, %v84, %v85, %v86, %v87, %v88, %v89, %v90, %v91, %v92, %v93, %v94) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v95#1, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    util.global.store %v95#2, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v96 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v97 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @model.layers.6.input_layernorm.weight : tensor<576xf32>
    %v99 = util.global.load @model.layers.6.self_attn.q_proj.weight : tensor<576x576xf32>
    %v100 = util.global.load @model.layers.6.self_attn.k_proj.weight : tensor<192x576xf32>
    %v101 = util.global.load @model.layers.6.self_attn.v_proj.weight : tensor<192x576xf32>
    %v102 = util.global.load @model.layers.6.self_attn.o_proj.weight : tensor<576x576xf32>
    %v103 = util.global.load @model.layers.6.post_attention_layernorm.weight : tensor<576xf32>
    %v104 = util.global.load @model.layers.6.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v105 = util.global.load @model.layers.6.mlp.up_proj.weight : tensor<1536x576xf32>
    %v106 = util.global.load @model.layers.6.mlp.down_proj.weight : tensor<576x1536xf32>
    %v107:3 = call @layer_decode_b8_w2048(%v95#0, %v18, %v19, %v11, %v12, %v96, %v97, %v98, %v99, %v100, %v101, %v102, %v103, %v104, %v105, %v106) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v107#1, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    util.global.store %v107#2, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v108 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v109 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @model.layers.7.input_layernorm.weight : tensor<576xf32>
    %v111 = util.global.load @model.layers.7.self_attn.q_proj.weight : tensor<576x576xf32>
    %v112 = util.global.load @model.layers.7.self_attn.k_proj.weight : tensor<192x576xf32>
    %v113 = util.global.load @model.layers.7.self_attn.v_proj.weight : tensor<192x576xf32>
    %v114 = util.global.load @model.layers.7.self_attn.o_proj.weight : tensor<576x576xf32>
    %v115 = util.global.load @model.layers.7.post_attention_layernorm.weight : tensor<576xf32>
    %v116 = util.global.load @model.layers.7.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v117 = util.global.load @model.layers.7.mlp.up_proj.weight : tensor<1536x576xf32>
    %v118 = util.global.load @model.layers.7.mlp.down_proj.weight : tensor<576x1536xf32>
    %v119:3 = call @layer_decode_b8_w2048(%v107#0, %v18, %v19, %v11, %v12, %v108, %v109, %v110, %v111, %v112, %v113, %v114, %v115, %v116, %v117, %v118) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v119#1, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    util.global.store %v119#2, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v120 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v121 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @model.layers.8.input_layernorm.weight : tensor<576xf32>
    %v123 = util.global.load @model.layers.8.self_attn.q_proj.weight : tensor<576x576xf32>
    %v124 = util.global.load @model.layers.8.self_attn.k_proj.weight : tensor<192x576xf32>
    %v125 = util.global.load @model.layers.8.self_attn.v_proj.weight : tensor<192x576xf32>
    %v126 = util.global.load @model.layers.8.self_attn.o_proj.weight : tensor<576x576xf32>
    %v127 = util.global.load @model.layers.8.post_attention_layernorm.weight : tensor<576xf32>
    %v128 = util.global.load @model.layers.8.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v129 = util.global.load @model.layers.8.mlp.up_proj.weight : tensor<1536x576xf32>
    %v130 = util.global.load @model.layers.8.mlp.down_proj.weight : tensor<576x1536xf32>
    %v131:3 = call @layer_decode_b8_w2048(%v119#0, %v18, %v19, %v11, %v12, %v120, %v121, %v122, %v123, %v124, %v125, %v126, %v127, %v128, %v129, %v130) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v131#1, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    util.global.store %v131#2, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v132 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v133 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @model.layers.9.input_layernorm.weight : tensor<576xf32>
    %v135 = util.global.load @model.layers.9.self_attn.q_proj.weight : tensor<576x576xf32>
    %v136 = util.global.load @model.layers.9.self_attn.k_proj.weight : tensor<192x576xf32>
    %v137 = util.global.load @model.layers.9.self_attn.v_proj.weight : tensor<192x576xf32>
    %v138 = util.global.load @model.layers.9.self_attn.o_proj.weight : tensor<576x576xf32>
    %v139 = util.global.load @model.layers.9.post_attention_layernorm.weight : tensor<576xf32>
    %v140 = util.global.load @model.layers.9.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v141 = util.global.load @model.layers.9.mlp.up_proj.weight : tensor<1536x576xf32>
    %v142 = util.global.load @model.layers.9.mlp.down_proj.weight : tensor<576x1536xf32>
    %v143:3 = call @layer_decode_b8_w2048(%v131#0, %v18, %v19, %v11, %v12, %v132, %v133, %v134, %v135, %v136, %v137, %v138, %v139, %v140, %v141, %v142) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v143#1, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    util.global.store %v143#2, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v144 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v145 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @model.layers.10.input_layernorm.weight : tensor<576xf32>
    %v147 = util.global.load @model.layers.10.self_attn.q_proj.weight : tensor<576x576xf32>
    %v148 = util.global.load @model.layers.10.self_attn.k_proj.weight : tensor<192x576xf32>
    %v149 = util.global.load @model.layers.10.self_attn.v_proj.weight : tensor<192x576xf32>
    %v150 = util.global.load @model.layers.10.self_attn.o_proj.weight : tensor<576x576xf32>
    %v151 = util.global.load @model.layers.10.post_attention_layernorm.weight : tensor<576xf32>
    %v152 = util.global.load @model.layers.10.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v153 = util.global.load @model.layers.10.mlp.up_proj.weight : tensor<1536x576xf32>
    %v154 = util.global.load @model.layers.10.mlp.down_proj.weight : tensor<576x1536xf32>
    %v155:3 = call @layer_decode_b8_w2048(%v143#0, %v18, %v19, %v11, %v12, %v144, %v145, %v146, %v147, %v148, %v149, %v150, %v151, %v152, %v153, %v154) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v155#1, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    util.global.store %v155#2, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v156 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v157 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @model.layers.11.input_layernorm.weight : tensor<576xf32>
    %v159 = util.global.load @model.layers.11.self_attn.q_proj.weight : tensor<576x576xf32>
    %v160 = util.global.load @model.layers.11.self_attn.k_proj.weight : tensor<192x576xf32>
    %v161 = util.global.load @model.layers.11.self_attn.v_proj.weight : tensor<192x576xf32>
    %v162 = util.global.load @model.layers.11.self_attn.o_proj.weight : tensor<576x576xf32>
    %v163 = util.global.load @model.layers.11.post_attention_layernorm.weight : tensor<576xf32>
    %v164 = util.global.load @model.layers.11.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v165 = util.global.load @model.layers.11.mlp.up_proj.weight : tensor<1536x576xf32>
    %v166 = util.global.load @model.layers.11.mlp.down_proj.weight : tensor<576x1536xf32>
    %v167:3 = call @layer_decode_b8_w2048(%v155#0, %v18, %v19, %v11, %v12, %v156, %v157, %v158, %v159, %v160, %v161, %v162, %v163, %v164, %v165, %v166) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v167#1, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    util.global.store %v167#2, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v168 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v169 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @model.layers.12.input_layernorm.weight : tensor<576xf32>
    %v171 = util.global.load @model.layers.12.self_attn.q_proj.weight : tensor<576x576xf32>
    %v172 = util.global.load @model.layers.12.self_attn.k_proj.weight : tensor<192x576xf32>
    %v173 = util.global.load @model.layers.12.self_attn.v_proj.weight : tensor<192x576xf32>
    %v174 = util.global.load @model.layers.12.self_attn.o_proj.weight : tensor<576x576xf32>
    %v175 = util.global.load @model.layers.12.post_attention_layernorm.weight : tensor<576xf32>
    %v176 = util.global.load @model.layers.12.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v177 = util.global.load @model.layers.12.mlp.up_proj.weight : tensor<1536x576xf32>
    %v178 = util.global.load @model.layers.12.mlp.down_proj.weight : tensor<576x1536xf32>
    %v179:3 = call @layer_decode_b8_w2048(%v167#0, %v18, %v19, %v11, %v12, %v168, %v169, %v170, %v171, %v172, %v173, %v174, %v175, %v176, %v177, %v178) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v179#1, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    util.global.store %v179#2, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v180 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v181 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v182 = util.global.load @model.layers.13.input_layernorm.weight : tensor<576xf32>
    %v183 = util.global.load @model.layers.13.self_attn.q_proj.weight : tensor<576x576xf32>
    %v184 = util.global.load @model.layers.13.self_attn.k_proj.weight : tensor<192x576xf32>
    %v185 = util.global.load @model.layers.13.self_attn.v_proj.weight : tensor<192x576xf32>
    %v186 = util.global.load @model.layers.13.self_attn.o_proj.weight : tensor<576x576xf32>
    %v187 = util.global.load @model.layers.13.post_attention_layernorm.weight : tensor<576xf32>
    %v188 = util.global.load @model.layers.13.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v189 = util.global.load @model.layers.13.mlp.up_proj.weight : tensor<1536x576xf32>
    %v190 = util.global.load @model.layers.13.mlp.down_proj.weight : tensor<576x1536xf32>
    %v191:3 = call @layer_decode_b8_w2048(%v179#0, %v18, %v19, %v11, %v12, %v180, %v181, %v182, %v183, %v184, %v185, %v186, %v187, %v188, %v189, %v190) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v191#1, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    util.global.store %v191#2, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v192 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v193 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v194 = util.global.load @model.layers.14.input_layernorm.weight : tensor<576xf32>
    %v195 = util.global.load @model.layers.14.self_attn.q_proj.weight : tensor<576x576xf32>
    %v196 = util.global.load @model.layers.14.self_attn.k_proj.weight : tensor<192x576xf32>
    %v197 = util.global.load @model.layers.14.self_attn.v_proj.weight : tensor<192x576xf32>
    %v198 = util.global.load @model.layers.14.self_attn.o_proj.weight : tensor<576x576xf32>
    %v199 = util.global.load @model.layers.14.post_attention_layernorm.weight : tensor<576xf32>
    %v200 = util.global.load @model.layers.14.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v201 = util.global.load @model.layers.14.mlp.up_proj.weight : tensor<1536x576xf32>
    %v202 = util.global.load @model.layers.14.mlp.down_proj.weight : tensor<576x1536xf32>
    %v203:3 = call @layer_decode_b8_w2048(%v191#0, %v18, %v19, %v11, %v12, %v192, %v193, %v194, %v195, %v196, %v197, %v198, %v199, %v200, %v201, %v202) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v203#1, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    util.global.store %v203#2, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v204 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v205 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v206 = util.global.load @model.layers.15.input_layernorm.weight : tensor<576xf32>
    %v207 = util.global.load @model.layers.15.self_attn.q_proj.weight : tensor<576x576xf32>
    %v208 = util.global.load @model.layers.15.self_attn.k_proj.weight : tensor<192x576xf32>
    %v209 = util.global.load @model.layers.15.self_attn.v_proj.weight : tensor<192x576xf32>
    %v210 = util.global.load @model.layers.15.self_attn.o_proj.weight : tensor<576x576xf32>
    %v211 = util.global.load @model.layers.15.post_attention_layernorm.weight : tensor<576xf32>
    %v212 = util.global.load @model.layers.15.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v213 = util.global.load @model.layers.15.mlp.up_proj.weight : tensor<1536x576xf32>
    %v214 = util.global.load @model.layers.15.mlp.down_proj.weight : tensor<576x1536xf32>
    %v215:3 = call @layer_decode_b8_w2048(%v203#0, %v18, %v19, %v11, %v12, %v204, %v205, %v206, %v207, %v208, %v209, %v210, %v211, %v212, %v213, %v214) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v215#1, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    util.global.store %v215#2, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v216 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v217 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v218 = util.global.load @model.layers.16.input_layernorm.weight : tensor<576xf32>
    %v219 = util.global.load @model.layers.16.self_attn.q_proj.weight : tensor<576x576xf32>
    %v220 = util.global.load @model.layers.16.self_attn.k_proj.weight : tensor<192x576xf32>
    %v221 = util.global.load @model.layers.16.self_attn.v_proj.weight : tensor<192x576xf32>
    %v222 = util.global.load @model.layers.16.self_attn.o_proj.weight : tensor<576x576xf32>
    %v223 = util.global.load @model.layers.16.post_attention_layernorm.weight : tensor<576xf32>
    %v224 = util.global.load @model.layers.16.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v225 = util.global.load @model.layers.16.mlp.up_proj.weight : tensor<1536x576xf32>
    %v226 = util.global.load @model.layers.16.mlp.down_proj.weight : tensor<576x1536xf32>
    %v227:3 = call @layer_decode_b8_w2048(%v215#0, %v18, %v19, %v11, %v12, %v216, %v217, %v218, %v219, %v220, %v221, %v222, %v223, %v224, %v225, %v226) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v227#1, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    util.global.store %v227#2, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v228 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v229 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v230 = util.global.load @model.layers.17.input_layernorm.weight : tensor<576xf32>
    %v231 = util.global.load @model.layers.17.self_attn.q_proj.weight : tensor<576x576xf32>
    %v232 = util.global.load @model.layers.17.self_attn.k_proj.weight : tensor<192x576xf32>
    %v233 = util.global.load @model.layers.17.self_attn.v_proj.weight : tensor<192x576xf32>
    %v234 = util.global.load @model.layers.17.self_attn.o_proj.weight : tensor<576x576xf32>
    %v235 = util.global.load @model.layers.17.post_attention_layernorm.weight : tensor<576xf32>
    %v236 = util.global.load @model.layers.17.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v237 = util.global.load @model.layers.17.mlp.up_proj.weight : tensor<1536x576xf32>
    %v238 = util.global.load @model.layers.17.mlp.down_proj.weight : tensor<576x1536xf32>
    %v239:3 = call @layer_decode_b8_w2048(%v227#0, %v18, %v19, %v11, %v12, %v228, %v229, %v230, %v231, %v232, %v233, %v234, %v235, %v236, %v237, %v238) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v239#1, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    util.global.store %v239#2, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v240 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v241 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v242 = util.global.load @model.layers.18.input_layernorm.weight : tensor<576xf32>
    %v243 = util.global.load @model.layers.18.self_attn.q_proj.weight : tensor<576x576xf32>
    %v244 = util.global.load @model.layers.18.self_attn.k_proj.weight : tensor<192x576xf32>
    %v245 = util.global.load @model.layers.18.self_attn.v_proj.weight : tensor<192x576xf32>
    %v246 = util.global.load @model.layers.18.self_attn.o_proj.weight : tensor<576x576xf32>
    %v247 = util.global.load @model.layers.18.post_attention_layernorm.weight : tensor<576xf32>
    %v248 = util.global.load @model.layers.18.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v249 = util.global.load @model.layers.18.mlp.up_proj.weight : tensor<1536x576xf32>
    %v250 = util.global.load @model.layers.18.mlp.down_proj.weight : tensor<576x1536xf32>
    %v251:3 = call @layer_decode_b8_w2048(%v239#0, %v18, %v19, %v11, %v12, %v240, %v241, %v242, %v243, %v244, %v245, %v246, %v247, %v248, %v249, %v250) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v251#1, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    util.global.store %v251#2, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v252 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v253 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v254 = util.global.load @model.layers.19.input_layernorm.weight : tensor<576xf32>
    %v255 = util.global.load @model.layers.19.self_attn.q_proj.weight : tensor<576x576xf32>
    %v256 = util.global.load @model.layers.19.self_attn.k_proj.weight : tensor<192x576xf32>
    %v257 = util.global.load @model.layers.19.self_attn.v_proj.weight : tensor<192x576xf32>
    %v258 = util.global.load @model.layers.19.self_attn.o_proj.weight : tensor<576x576xf32>
    %v259 = util.global.load @model.layers.19.post_attention_layernorm.weight : tensor<576xf32>
    %v260 = util.global.load @model.layers.19.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v261 = util.global.load @model.layers.19.mlp.up_proj.weight : tensor<1536x576xf32>
    %v262 = util.global.load @model.layers.19.mlp.down_proj.weight : tensor<576x1536xf32>
    %v263:3 = call @layer_decode_b8_w2048(%v251#0, %v18, %v19, %v11, %v12, %v252, %v253, %v254, %v255, %v256, %v257, %v258, %v259, %v260, %v261, %v262) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v263#1, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    util.global.store %v263#2, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v264 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v265 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v266 = util.global.load @model.layers.20.input_layernorm.weight : tensor<576xf32>
    %v267 = util.global.load @model.layers.20.self_attn.q_proj.weight : tensor<576x576xf32>
    %v268 = util.global.load @model.layers.20.self_attn.k_proj.weight : tensor<192x576xf32>
    %v269 = util.global.load @model.layers.20.self_attn.v_proj.weight : tensor<192x576xf32>
    %v270 = util.global.load @model.layers.20.self_attn.o_proj.weight : tensor<576x576xf32>
    %v271 = util.global.load @model.layers.20.post_attention_layernorm.weight : tensor<576xf32>
    %v272 = util.global.load @model.layers.20.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v273 = util.global.load @model.layers.20.mlp.up_proj.weight : tensor<1536x576xf32>
    %v274 = util.global.load @model.layers.20.mlp.down_proj.weight : tensor<576x1536xf32>
    %v275:3 = call @layer_decode_b8_w2048(%v263#0, %v18, %v19, %v11, %v12, %v264, %v265, %v266, %v267, %v268, %v269, %v270, %v271, %v272, %v273, %v274) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v275#1, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    util.global.store %v275#2, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v276 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v277 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v278 = util.global.load @model.layers.21.input_layernorm.weight : tensor<576xf32>
    %v279 = util.global.load @model.layers.21.self_attn.q_proj.weight : tensor<576x576xf32>
    %v280 = util.global.load @model.layers.21.self_attn.k_proj.weight : tensor<192x576xf32>
    %v281 = util.global.load @model.layers.21.self_attn.v_proj.weight : tensor<192x576xf32>
    %v282 = util.global.load @model.layers.21.self_attn.o_proj.weight : tensor<576x576xf32>
    %v283 = util.global.load @model.layers.21.post_attention_layernorm.weight : tensor<576xf32>
    %v284 = util.global.load @model.layers.21.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v285 = util.global.load @model.layers.21.mlp.up_proj.weight : tensor<1536x576xf32>
    %v286 = util.global.load @model.layers.21.mlp.down_proj.weight : tensor<576x1536xf32>
    %v287:3 = call @layer_decode_b8_w2048(%v275#0, %v18, %v19, %v11, %v12, %v276, %v277, %v278, %v279, %v280, %v281, %v282, %v283, %v284, %v285, %v286) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v287#1, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    util.global.store %v287#2, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v288 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v289 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v290 = util.global.load @model.layers.22.input_layernorm.weight : tensor<576xf32>
    %v291 = util.global.load @model.layers.22.self_attn.q_proj.weight : tensor<576x576xf32>
    %v292 = util.global.load @model.layers.22.self_attn.k_proj.weight : tensor<192x576xf32>
    %v293 = util.global.load @model.layers.22.self_attn.v_proj.weight : tensor<192x576xf32>
    %v294 = util.global.load @model.layers.22.self_attn.o_proj.weight : tensor<576x576xf32>
    %v295 = util.global.load @model.layers.22.post_attention_layernorm.weight : tensor<576xf32>
    %v296 = util.global.load @model.layers.22.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v297 = util.global.load @model.layers.22.mlp.up_proj.weight : tensor<1536x576xf32>
    %v298 = util.global.load @model.layers.22.mlp.down_proj.weight : tensor<576x1536xf32>
    %v299:3 = call @layer_decode_b8_w2048(%v287#0, %v18, %v19, %v11, %v12, %v288, %v289, %v290, %v291, %v292, %v293, %v294, %v295, %v296, %v297, %v298) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v299#1, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    util.global.store %v299#2, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v300 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v301 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v302 = util.global.load @model.layers.23.input_layernorm.weight : tensor<576xf32>
    %v303 = util.global.load @model.layers.23.self_attn.q_proj.weight : tensor<576x576xf32>
    %v304 = util.global.load @model.layers.23.self_attn.k_proj.weight : tensor<192x576xf32>
    %v305 = util.global.load @model.layers.23.self_attn.v_proj.weight : tensor<192x576xf32>
    %v306 = util.global.load @model.layers.23.self_attn.o_proj.weight : tensor<576x576xf32>
    %v307 = util.global.load @model.layers.23.post_attention_layernorm.weight : tensor<576xf32>
    %v308 = util.global.load @model.layers.23.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v309 = util.global.load @model.layers.23.mlp.up_proj.weight : tensor<1536x576xf32>
    %v310 = util.global.load @model.layers.23.mlp.down_proj.weight : tensor<576x1536xf32>
    %v311:3 = call @layer_decode_b8_w2048(%v299#0, %v18, %v19, %v11, %v12, %v300, %v301, %v302, %v303, %v304, %v305, %v306, %v307, %v308, %v309, %v310) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v311#1, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    util.global.store %v311#2, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v312 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v313 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v314 = util.global.load @model.layers.24.input_layernorm.weight : tensor<576xf32>
    %v315 = util.global.load @model.layers.24.self_attn.q_proj.weight : tensor<576x576xf32>
    %v316 = util.global.load @model.layers.24.self_attn.k_proj.weight : tensor<192x576xf32>
    %v317 = util.global.load @model.layers.24.self_attn.v_proj.weight : tensor<192x576xf32>
    %v318 = util.global.load @model.layers.24.self_attn.o_proj.weight : tensor<576x576xf32>
    %v319 = util.global.load @model.layers.24.post_attention_layernorm.weight : tensor<576xf32>
    %v320 = util.global.load @model.layers.24.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v321 = util.global.load @model.layers.24.mlp.up_proj.weight : tensor<1536x576xf32>
    %v322 = util.global.load @model.layers.24.mlp.down_proj.weight : tensor<576x1536xf32>
    %v323:3 = call @layer_decode_b8_w2048(%v311#0, %v18, %v19, %v11, %v12, %v312, %v313, %v314, %v315, %v316, %v317, %v318, %v319, %v320, %v321, %v322) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v323#1, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    util.global.store %v323#2, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v324 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v325 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v326 = util.global.load @model.layers.25.input_layernorm.weight : tensor<576xf32>
    %v327 = util.global.load @model.layers.25.self_attn.q_proj.weight : tensor<576x576xf32>
    %v328 = util.global.load @model.layers.25.self_attn.k_proj.weight : tensor<192x576xf32>
    %v329 = util.global.load @model.layers.25.self_attn.v_proj.weight : tensor<192x576xf32>
    %v330 = util.global.load @model.layers.25.self_attn.o_proj.weight : tensor<576x576xf32>
    %v331 = util.global.load @model.layers.25.post_attention_layernorm.weight : tensor<576xf32>
    %v332 = util.global.load @model.layers.25.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v333 = util.global.load @model.layers.25.mlp.up_proj.weight : tensor<1536x576xf32>
    %v334 = util.global.load @model.layers.25.mlp.down_proj.weight : tensor<576x1536xf32>
    %v335:3 = call @layer_decode_b8_w2048(%v323#0, %v18, %v19, %v11, %v12, %v324, %v325, %v326, %v327, %v328, %v329, %v330, %v331, %v332, %v333, %v334) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v335#1, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    util.global.store %v335#2, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v336 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v337 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v338 = util.global.load @model.layers.26.input_layernorm.weight : tensor<576xf32>
    %v339 = util.global.load @model.layers.26.self_attn.q_proj.weight : tensor<576x576xf32>
    %v340 = util.global.load @model.layers.26.self_attn.k_proj.weight : tensor<192x576xf32>
    %v341 = util.global.load @model.layers.26.self_attn.v_proj.weight : tensor<192x576xf32>
    %v342 = util.global.load @model.layers.26.self_attn.o_proj.weight : tensor<576x576xf32>
    %v343 = util.global.load @model.layers.26.post_attention_layernorm.weight : tensor<576xf32>
    %v344 = util.global.load @model.layers.26.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v345 = util.global.load @model.layers.26.mlp.up_proj.weight : tensor<1536x576xf32>
    %v346 = util.global.load @model.layers.26.mlp.down_proj.weight : tensor<576x1536xf32>
    %v347:3 = call @layer_decode_b8_w2048(%v335#0, %v18, %v19, %v11, %v12, %v336, %v337, %v338, %v339, %v340, %v341, %v342, %v343, %v344, %v345, %v346) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v347#1, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    util.global.store %v347#2, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v348 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v349 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v350 = util.global.load @model.layers.27.input_layernorm.weight : tensor<576xf32>
    %v351 = util.global.load @model.layers.27.self_attn.q_proj.weight : tensor<576x576xf32>
    %v352 = util.global.load @model.layers.27.self_attn.k_proj.weight : tensor<192x576xf32>
    %v353 = util.global.load @model.layers.27.self_attn.v_proj.weight : tensor<192x576xf32>
    %v354 = util.global.load @model.layers.27.self_attn.o_proj.weight : tensor<576x576xf32>
    %v355 = util.global.load @model.layers.27.post_attention_layernorm.weight : tensor<576xf32>
    %v356 = util.global.load @model.layers.27.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v357 = util.global.load @model.layers.27.mlp.up_proj.weight : tensor<1536x576xf32>
    %v358 = util.global.load @model.layers.27.mlp.down_proj.weight : tensor<576x1536xf32>
    %v359:3 = call @layer_decode_b8_w2048(%v347#0, %v18, %v19, %v11, %v12, %v348, %v349, %v350, %v351, %v352, %v353, %v354, %v355, %v356, %v357, %v358) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v359#1, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    util.global.store %v359#2, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v360 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v361 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v362 = util.global.load @model.layers.28.input_layernorm.weight : tensor<576xf32>
    %v363 = util.global.load @model.layers.28.self_attn.q_proj.weight : tensor<576x576xf32>
    %v364 = util.global.load @model.layers.28.self_attn.k_proj.weight : tensor<192x576xf32>
    %v365 = util.global.load @model.layers.28.self_attn.v_proj.weight : tensor<192x576xf32>
    %v366 = util.global.load @model.layers.28.self_attn.o_proj.weight : tensor<576x576xf32>
    %v367 = util.global.load @model.layers.28.post_attention_layernorm.weight : tensor<576xf32>
    %v368 = util.global.load @model.layers.28.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v369 = util.global.load @model.layers.28.mlp.up_proj.weight : tensor<1536x576xf32>
    %v370 = util.global.load @model.layers.28.mlp.down_proj.weight : tensor<576x1536xf32>
    %v371:3 = call @layer_decode_b8_w2048(%v359#0, %v18, %v19, %v11, %v12, %v360, %v361, %v362, %v363, %v364, %v365, %v366, %v367, %v368, %v369, %v370) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v371#1, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    util.global.store %v371#2, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v372 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v373 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v374 = util.global.load @model.layers.29.input_layernorm.weight : tensor<576xf32>
    %v375 = util.global.load @model.layers.29.self_attn.q_proj.weight : tensor<576x576xf32>
    %v376 = util.global.load @model.layers.29.self_attn.k_proj.weight : tensor<192x576xf32>
    %v377 = util.global.load @model.layers.29.self_attn.v_proj.weight : tensor<192x576xf32>
    %v378 = util.global.load @model.layers.29.self_attn.o_proj.weight : tensor<576x576xf32>
    %v379 = util.global.load @model.layers.29.post_attention_layernorm.weight : tensor<576xf32>
    %v380 = util.global.load @model.layers.29.mlp.gate_proj.weight : tensor<1536x576xf32>
    %v381 = util.global.load @model.layers.29.mlp.up_proj.weight : tensor<1536x576xf32>
    %v382 = util.global.load @model.layers.29.mlp.down_proj.weight : tensor<576x1536xf32>
    %v383:3 = call @layer_decode_b8_w2048(%v371#0, %v18, %v19, %v11, %v12, %v372, %v373, %v374, %v375, %v376, %v377, %v378, %v379, %v380, %v381, %v382) : (tensor<576x8xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<8x2xi32>, tensor<8x3xi32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>, tensor<576xf32>, tensor<576x576xf32>, tensor<192x576xf32>, tensor<192x576xf32>, tensor<576x576xf32>, tensor<576xf32>, tensor<1536x576xf32>, tensor<1536x576xf32>, tensor<576x1536xf32>) -> (tensor<576x8xf32>, tensor<9x2048x3x64xf32>, tensor<9x2048x3x64xf32>)
    util.global.store %v383#1, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    util.global.store %v383#2, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v384 = util.global.load @model.norm.weight : tensor<576xf32>
    %v385 = stablehlo.multiply %v383#0, %v383#0 : tensor<576x8xf32>
    %v386 = stablehlo.constant dense<0.0> : tensor<f32>
    %v387 = stablehlo.reduce(%v385 init: %v386) applies stablehlo.add across dimensions = [0] : (tensor<576x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v388 = stablehlo.constant dense<5.76e2> : tensor<f32>
    %v389 = stablehlo.broadcast_in_dim %v388, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v390 = stablehlo.divide %v387, %v389 : tensor<8xf32>
    %v391 = stablehlo.constant dense<1.0e-5> : tensor<f32>
    %v392 = stablehlo.broadcast_in_dim %v391, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %v393 = stablehlo.add %v390, %v392 : tensor<8xf32>
    %v394 = stablehlo.rsqrt %v393 : tensor<8xf32>
    %v395 = stablehlo.broadcast_in_dim %v394, dims = [1] : (tensor<8xf32>) -> tensor<576x8xf32>
    %v396 = stablehlo.multiply %v383#0, %v395 : tensor<576x8xf32>
    %v397 = stablehlo.broadcast_in_dim %v384, dims = [0] : (tensor<576xf32>) -> tensor<576x8xf32>
    %v398 = stablehlo.multiply %v396, %v397 : tensor<576x8xf32>
    return %v398 : tensor<576x8xf32>
  }

  func.func @decode_ragged_logits_b8_w2048(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8x49152xf32> {
    %v0 = call @forward_decode_b8_w2048(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.transpose %v2, dims = [1, 0] : (tensor<49152x8xf32>) -> tensor<8x49152xf32>
    return %v3 : tensor<8x49152xf32>
  }

  func.func @decode_ragged_argmax_b8_w2048(%tokens: tensor<8xi32>, %pos: tensor<8xi32>) -> tensor<8xi32> {
    %v0 = call @forward_decode_b8_w2048(%tokens, %pos) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<576x8xf32>)
    %v1 = util.global.load @model.embed_tokens.weight : tensor<49152x576xf32>
    %v2 = stablehlo.dot_general %v1, %v0, contracting_dims = [1] x [0] : (tensor<49152x576xf32>, tensor<576x8xf32>) -> tensor<49152x8xf32>
    %v3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v4 = stablehlo.reduce(%v2 init: %v3) applies stablehlo.maximum across dimensions = [0] : (tensor<49152x8xf32>, tensor<f32>) -> tensor<8xf32>
    %v5 = stablehlo.broadcast_in_dim %v4, dims = [1] : (tensor<8xf32>) -> tensor<49152x8xf32>
    %v6 = stablehlo.compare EQ, %v2, %v5, FLOAT : (tensor<49152x8xf32>, tensor<49152x8xf32>) -> tensor<49152x8xi1>
    %v7 = stablehlo.iota dim = 0 : tensor<49152x8xi32>
    %v8 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v9 = stablehlo.broadcast_in_dim %v8, dims = [] : (tensor<i32>) -> tensor<49152x8xi32>
    %v10 = stablehlo.select %v6, %v7, %v9 : tensor<49152x8xi1>, tensor<49152x8xi32>
    %v11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %v12 = stablehlo.reduce(%v10 init: %v11) applies stablehlo.minimum across dimensions = [0] : (tensor<49152x8xi32>, tensor<i32>) -> tensor<8xi32>
    return %v12 : tensor<8xi32>
  }

  func.func @copy_slot(%src: tensor<i32>, %dst: tensor<i32>) {
    %v0 = stablehlo.reshape %src : (tensor<i32>) -> tensor<1x1xi32>
    %v1 = stablehlo.reshape %dst : (tensor<i32>) -> tensor<1x1xi32>
    %v2 = util.global.load @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v3 = "stablehlo.gather"(%v2, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v4 = "stablehlo.scatter"(%v2, %v1, %v3) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v4, @cache.layers.0.k : tensor<9x2048x3x64xf32>
    %v5 = util.global.load @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v6 = "stablehlo.gather"(%v5, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v7 = "stablehlo.scatter"(%v5, %v1, %v6) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v7, @cache.layers.0.v : tensor<9x2048x3x64xf32>
    %v8 = util.global.load @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v9 = "stablehlo.gather"(%v8, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v10 = "stablehlo.scatter"(%v8, %v1, %v9) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v10, @cache.layers.1.k : tensor<9x2048x3x64xf32>
    %v11 = util.global.load @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v12 = "stablehlo.gather"(%v11, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v13 = "stablehlo.scatter"(%v11, %v1, %v12) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v13, @cache.layers.1.v : tensor<9x2048x3x64xf32>
    %v14 = util.global.load @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v15 = "stablehlo.gather"(%v14, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v16 = "stablehlo.scatter"(%v14, %v1, %v15) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v16, @cache.layers.2.k : tensor<9x2048x3x64xf32>
    %v17 = util.global.load @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v18 = "stablehlo.gather"(%v17, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v19 = "stablehlo.scatter"(%v17, %v1, %v18) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v19, @cache.layers.2.v : tensor<9x2048x3x64xf32>
    %v20 = util.global.load @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v21 = "stablehlo.gather"(%v20, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v22 = "stablehlo.scatter"(%v20, %v1, %v21) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v22, @cache.layers.3.k : tensor<9x2048x3x64xf32>
    %v23 = util.global.load @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v24 = "stablehlo.gather"(%v23, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v25 = "stablehlo.scatter"(%v23, %v1, %v24) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v25, @cache.layers.3.v : tensor<9x2048x3x64xf32>
    %v26 = util.global.load @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v27 = "stablehlo.gather"(%v26, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v28 = "stablehlo.scatter"(%v26, %v1, %v27) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v28, @cache.layers.4.k : tensor<9x2048x3x64xf32>
    %v29 = util.global.load @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v30 = "stablehlo.gather"(%v29, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v31 = "stablehlo.scatter"(%v29, %v1, %v30) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v31, @cache.layers.4.v : tensor<9x2048x3x64xf32>
    %v32 = util.global.load @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v33 = "stablehlo.gather"(%v32, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v34 = "stablehlo.scatter"(%v32, %v1, %v33) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v34, @cache.layers.5.k : tensor<9x2048x3x64xf32>
    %v35 = util.global.load @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v36 = "stablehlo.gather"(%v35, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v37 = "stablehlo.scatter"(%v35, %v1, %v36) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v37, @cache.layers.5.v : tensor<9x2048x3x64xf32>
    %v38 = util.global.load @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v39 = "stablehlo.gather"(%v38, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v40 = "stablehlo.scatter"(%v38, %v1, %v39) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v40, @cache.layers.6.k : tensor<9x2048x3x64xf32>
    %v41 = util.global.load @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v42 = "stablehlo.gather"(%v41, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v43 = "stablehlo.scatter"(%v41, %v1, %v42) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v43, @cache.layers.6.v : tensor<9x2048x3x64xf32>
    %v44 = util.global.load @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v45 = "stablehlo.gather"(%v44, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v46 = "stablehlo.scatter"(%v44, %v1, %v45) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v46, @cache.layers.7.k : tensor<9x2048x3x64xf32>
    %v47 = util.global.load @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v48 = "stablehlo.gather"(%v47, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v49 = "stablehlo.scatter"(%v47, %v1, %v48) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v49, @cache.layers.7.v : tensor<9x2048x3x64xf32>
    %v50 = util.global.load @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v51 = "stablehlo.gather"(%v50, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v52 = "stablehlo.scatter"(%v50, %v1, %v51) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v52, @cache.layers.8.k : tensor<9x2048x3x64xf32>
    %v53 = util.global.load @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v54 = "stablehlo.gather"(%v53, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v55 = "stablehlo.scatter"(%v53, %v1, %v54) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v55, @cache.layers.8.v : tensor<9x2048x3x64xf32>
    %v56 = util.global.load @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v57 = "stablehlo.gather"(%v56, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v58 = "stablehlo.scatter"(%v56, %v1, %v57) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v58, @cache.layers.9.k : tensor<9x2048x3x64xf32>
    %v59 = util.global.load @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v60 = "stablehlo.gather"(%v59, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v61 = "stablehlo.scatter"(%v59, %v1, %v60) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v61, @cache.layers.9.v : tensor<9x2048x3x64xf32>
    %v62 = util.global.load @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v63 = "stablehlo.gather"(%v62, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v64 = "stablehlo.scatter"(%v62, %v1, %v63) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v64, @cache.layers.10.k : tensor<9x2048x3x64xf32>
    %v65 = util.global.load @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v66 = "stablehlo.gather"(%v65, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v67 = "stablehlo.scatter"(%v65, %v1, %v66) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v67, @cache.layers.10.v : tensor<9x2048x3x64xf32>
    %v68 = util.global.load @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v69 = "stablehlo.gather"(%v68, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v70 = "stablehlo.scatter"(%v68, %v1, %v69) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v70, @cache.layers.11.k : tensor<9x2048x3x64xf32>
    %v71 = util.global.load @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v72 = "stablehlo.gather"(%v71, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v73 = "stablehlo.scatter"(%v71, %v1, %v72) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v73, @cache.layers.11.v : tensor<9x2048x3x64xf32>
    %v74 = util.global.load @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v75 = "stablehlo.gather"(%v74, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v76 = "stablehlo.scatter"(%v74, %v1, %v75) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v76, @cache.layers.12.k : tensor<9x2048x3x64xf32>
    %v77 = util.global.load @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v78 = "stablehlo.gather"(%v77, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v79 = "stablehlo.scatter"(%v77, %v1, %v78) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v79, @cache.layers.12.v : tensor<9x2048x3x64xf32>
    %v80 = util.global.load @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v81 = "stablehlo.gather"(%v80, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v82 = "stablehlo.scatter"(%v80, %v1, %v81) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v82, @cache.layers.13.k : tensor<9x2048x3x64xf32>
    %v83 = util.global.load @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v84 = "stablehlo.gather"(%v83, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v85 = "stablehlo.scatter"(%v83, %v1, %v84) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v85, @cache.layers.13.v : tensor<9x2048x3x64xf32>
    %v86 = util.global.load @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v87 = "stablehlo.gather"(%v86, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v88 = "stablehlo.scatter"(%v86, %v1, %v87) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v88, @cache.layers.14.k : tensor<9x2048x3x64xf32>
    %v89 = util.global.load @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v90 = "stablehlo.gather"(%v89, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v91 = "stablehlo.scatter"(%v89, %v1, %v90) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v91, @cache.layers.14.v : tensor<9x2048x3x64xf32>
    %v92 = util.global.load @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v93 = "stablehlo.gather"(%v92, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v94 = "stablehlo.scatter"(%v92, %v1, %v93) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v94, @cache.layers.15.k : tensor<9x2048x3x64xf32>
    %v95 = util.global.load @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v96 = "stablehlo.gather"(%v95, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v97 = "stablehlo.scatter"(%v95, %v1, %v96) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v97, @cache.layers.15.v : tensor<9x2048x3x64xf32>
    %v98 = util.global.load @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v99 = "stablehlo.gather"(%v98, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v100 = "stablehlo.scatter"(%v98, %v1, %v99) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v100, @cache.layers.16.k : tensor<9x2048x3x64xf32>
    %v101 = util.global.load @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v102 = "stablehlo.gather"(%v101, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v103 = "stablehlo.scatter"(%v101, %v1, %v102) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v103, @cache.layers.16.v : tensor<9x2048x3x64xf32>
    %v104 = util.global.load @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v105 = "stablehlo.gather"(%v104, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v106 = "stablehlo.scatter"(%v104, %v1, %v105) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v106, @cache.layers.17.k : tensor<9x2048x3x64xf32>
    %v107 = util.global.load @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v108 = "stablehlo.gather"(%v107, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v109 = "stablehlo.scatter"(%v107, %v1, %v108) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v109, @cache.layers.17.v : tensor<9x2048x3x64xf32>
    %v110 = util.global.load @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v111 = "stablehlo.gather"(%v110, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v112 = "stablehlo.scatter"(%v110, %v1, %v111) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v112, @cache.layers.18.k : tensor<9x2048x3x64xf32>
    %v113 = util.global.load @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v114 = "stablehlo.gather"(%v113, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v115 = "stablehlo.scatter"(%v113, %v1, %v114) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v115, @cache.layers.18.v : tensor<9x2048x3x64xf32>
    %v116 = util.global.load @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v117 = "stablehlo.gather"(%v116, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v118 = "stablehlo.scatter"(%v116, %v1, %v117) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v118, @cache.layers.19.k : tensor<9x2048x3x64xf32>
    %v119 = util.global.load @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v120 = "stablehlo.gather"(%v119, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v121 = "stablehlo.scatter"(%v119, %v1, %v120) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v121, @cache.layers.19.v : tensor<9x2048x3x64xf32>
    %v122 = util.global.load @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v123 = "stablehlo.gather"(%v122, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v124 = "stablehlo.scatter"(%v122, %v1, %v123) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v124, @cache.layers.20.k : tensor<9x2048x3x64xf32>
    %v125 = util.global.load @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v126 = "stablehlo.gather"(%v125, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v127 = "stablehlo.scatter"(%v125, %v1, %v126) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v127, @cache.layers.20.v : tensor<9x2048x3x64xf32>
    %v128 = util.global.load @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v129 = "stablehlo.gather"(%v128, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v130 = "stablehlo.scatter"(%v128, %v1, %v129) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v130, @cache.layers.21.k : tensor<9x2048x3x64xf32>
    %v131 = util.global.load @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v132 = "stablehlo.gather"(%v131, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v133 = "stablehlo.scatter"(%v131, %v1, %v132) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v133, @cache.layers.21.v : tensor<9x2048x3x64xf32>
    %v134 = util.global.load @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v135 = "stablehlo.gather"(%v134, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v136 = "stablehlo.scatter"(%v134, %v1, %v135) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v136, @cache.layers.22.k : tensor<9x2048x3x64xf32>
    %v137 = util.global.load @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v138 = "stablehlo.gather"(%v137, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v139 = "stablehlo.scatter"(%v137, %v1, %v138) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v139, @cache.layers.22.v : tensor<9x2048x3x64xf32>
    %v140 = util.global.load @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v141 = "stablehlo.gather"(%v140, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v142 = "stablehlo.scatter"(%v140, %v1, %v141) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v142, @cache.layers.23.k : tensor<9x2048x3x64xf32>
    %v143 = util.global.load @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v144 = "stablehlo.gather"(%v143, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v145 = "stablehlo.scatter"(%v143, %v1, %v144) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v145, @cache.layers.23.v : tensor<9x2048x3x64xf32>
    %v146 = util.global.load @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v147 = "stablehlo.gather"(%v146, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v148 = "stablehlo.scatter"(%v146, %v1, %v147) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v148, @cache.layers.24.k : tensor<9x2048x3x64xf32>
    %v149 = util.global.load @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v150 = "stablehlo.gather"(%v149, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v151 = "stablehlo.scatter"(%v149, %v1, %v150) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v151, @cache.layers.24.v : tensor<9x2048x3x64xf32>
    %v152 = util.global.load @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v153 = "stablehlo.gather"(%v152, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v154 = "stablehlo.scatter"(%v152, %v1, %v153) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v154, @cache.layers.25.k : tensor<9x2048x3x64xf32>
    %v155 = util.global.load @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v156 = "stablehlo.gather"(%v155, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v157 = "stablehlo.scatter"(%v155, %v1, %v156) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v157, @cache.layers.25.v : tensor<9x2048x3x64xf32>
    %v158 = util.global.load @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v159 = "stablehlo.gather"(%v158, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v160 = "stablehlo.scatter"(%v158, %v1, %v159) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v160, @cache.layers.26.k : tensor<9x2048x3x64xf32>
    %v161 = util.global.load @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v162 = "stablehlo.gather"(%v161, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v163 = "stablehlo.scatter"(%v161, %v1, %v162) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v163, @cache.layers.26.v : tensor<9x2048x3x64xf32>
    %v164 = util.global.load @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v165 = "stablehlo.gather"(%v164, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v166 = "stablehlo.scatter"(%v164, %v1, %v165) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v166, @cache.layers.27.k : tensor<9x2048x3x64xf32>
    %v167 = util.global.load @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v168 = "stablehlo.gather"(%v167, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v169 = "stablehlo.scatter"(%v167, %v1, %v168) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v169, @cache.layers.27.v : tensor<9x2048x3x64xf32>
    %v170 = util.global.load @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v171 = "stablehlo.gather"(%v170, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v172 = "stablehlo.scatter"(%v170, %v1, %v171) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v172, @cache.layers.28.k : tensor<9x2048x3x64xf32>
    %v173 = util.global.load @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v174 = "stablehlo.gather"(%v173, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v175 = "stablehlo.scatter"(%v173, %v1, %v174) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v175, @cache.layers.28.v : tensor<9x2048x3x64xf32>
    %v176 = util.global.load @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v177 = "stablehlo.gather"(%v176, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v178 = "stablehlo.scatter"(%v176, %v1, %v177) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v178, @cache.layers.29.k : tensor<9x2048x3x64xf32>
    %v179 = util.global.load @cache.layers.29.v : tensor<9x2048x3x64xf32>
    %v180 = "stablehlo.gather"(%v179, %v0) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048, 3, 64>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>) -> tensor<1x2048x3x64xf32>
    %v181 = "stablehlo.scatter"(%v179, %v1, %v180) ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        stablehlo.return %new : tensor<f32>
    }) {indices_are_sorted = false, unique_indices = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<9x2048x3x64xf32>, tensor<1x1xi32>, tensor<1x2048x3x64xf32>) -> tensor<9x2048x3x64xf32>
    util.global.store %v181, @cache.layers.29.v : tensor<9x2048x3x64xf32>
    return
  }
}
