import IconAuditCLI
IconAuditCommand.main()
