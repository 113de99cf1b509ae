"""HTTP routes, one module per area; `app.create_app` includes them."""
