"""check: claims read, compared with the true values, reported; files found as a linter finds them."""
