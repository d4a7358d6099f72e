from caveman_cli.entry import main

raise SystemExit(main())
