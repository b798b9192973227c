"""Data tables of the PTX ISA: types, state spaces, instruction forms, special registers."""
