let extraCommands: [Command] = []
