../rtl-iag-lte-p8/manifest.json
