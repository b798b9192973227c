"""Target hooks: what differs between AMDGPU and the host platform when lowering PTX."""
