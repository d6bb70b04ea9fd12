//! From a model path to a ready [`Graphs`](crate::graphs::Graphs), in three parts: the
//! defaults and bucket ladder a module is built with ([`options`]), the handshake that makes
//! the loader's stored weights and the emitter's declared weights agree ([`weights`]), and
//! compiling, converting and loading, tiered or whole ([`load`]).

mod load;
mod options;
mod weights;

pub use load::{load, load_assets, prepare, LoadedModel, PreparedModel, RestOfModel, Tiered};
pub use options::{
    default_graph_options, default_weights, embed_lengths, first_module_options, heads_for,
    module_options, ModelOptions,
};
pub use weights::{module_weights, weight_formats, ModuleWeights};
