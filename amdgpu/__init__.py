"""AMD GPU targets, toolchain discovery, code generation, offload bundles, code objects."""
