// A KV-style cache held in a mutable global: each call scatters one row per
// slot at its position, then reads the updated cache (update, then read).
module @cache {
  util.global private mutable @k = dense<0.0> : tensor<2x8x4xf32>
  func.func @append(%pos: tensor<2xi32>, %row: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %c = util.global.load @k : tensor<2x8x4xf32>
    %slot = stablehlo.iota dim = 0 : tensor<2x1xi32>
    %p = stablehlo.reshape %pos : (tensor<2xi32>) -> tensor<2x1xi32>
    %idx = stablehlo.concatenate %slot, %p, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %n = "stablehlo.scatter"(%c, %idx, %row) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        stablehlo.return %b : tensor<f32>
    }) {indices_are_sorted = true, unique_indices = true,
        scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}
      : (tensor<2x8x4xf32>, tensor<2x2xi32>, tensor<2x4xf32>) -> tensor<2x8x4xf32>
    util.global.store %n, @k : tensor<2x8x4xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%n init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    return %sum : tensor<2x4xf32>
  }
  // The same write with no result, and a read of the whole cache: calls
  // without results may be queued, and the read must follow them.
  func.func @store(%pos: tensor<2xi32>, %row: tensor<2x4xf32>) {
    %c = util.global.load @k : tensor<2x8x4xf32>
    %slot = stablehlo.iota dim = 0 : tensor<2x1xi32>
    %p = stablehlo.reshape %pos : (tensor<2xi32>) -> tensor<2x1xi32>
    %idx = stablehlo.concatenate %slot, %p, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %n = "stablehlo.scatter"(%c, %idx, %row) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        stablehlo.return %b : tensor<f32>
    }) {indices_are_sorted = true, unique_indices = true,
        scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}
      : (tensor<2x8x4xf32>, tensor<2x2xi32>, tensor<2x4xf32>) -> tensor<2x8x4xf32>
    util.global.store %n, @k : tensor<2x8x4xf32>
    return
  }
  func.func @read() -> tensor<2x8x4xf32> {
    %c = util.global.load @k : tensor<2x8x4xf32>
    return %c : tensor<2x8x4xf32>
  }
}
