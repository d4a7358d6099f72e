from caveman_cli.app import main

raise SystemExit(main())
