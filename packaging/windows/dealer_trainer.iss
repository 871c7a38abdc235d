; Inno Setup 6 script: the Windows installer of the Macau Dealer Trainer.
;
;   python packaging\build.py                                  (makes dist\dealer-trainer\)
;   iscc /DAppVersion=0.1.0 packaging\windows\dealer_trainer.iss
;
; Output: dist\MacauDealerTrainer-<version>-windows-x64-setup.exe.  It installs the
; PyInstaller one-folder build (for everyone, or only for the current user when run
; without administrator rights), adds a Start-menu folder with the app and its uninstaller,
; a desktop shortcut (a task, on by default), and registers the uninstaller in
; Settings > Apps.  The trainees' database (%LOCALAPPDATA%\dealer-trainer) is never touched
; by installing, upgrading or uninstalling.
;
; Defines (iscc /D...): AppVersion (required: the version in pyproject.toml; the release
; workflow passes it), BuildDir (default: dist\dealer-trainer of this checkout), OutputDir
; (default: dist\). Give BuildDir and OutputDir as absolute paths.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=X.Y.Z packaging\windows\dealer_trainer.iss
#endif
#ifndef BuildDir
  #define BuildDir SourcePath + "..\..\dist\dealer-trainer"
#endif
#ifndef OutputDir
  #define OutputDir SourcePath + "..\..\dist"
#endif
#if !FileExists(AddBackslash(BuildDir) + "dealer-trainer.exe")
  #error No frozen build in BuildDir: run python packaging\build.py first
#endif

#define AppName "Macau Dealer Trainer"
#define AppExe "dealer-trainer.exe"
#define AppPublisher "Macau Dealer Trainer developers"

[Setup]
; The AppId identifies the app across versions (upgrades, uninstall): never change it.
AppId={{6F0B7C52-3E1A-4C39-9B7E-2D6E4A8F1C93}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
AppCopyright=Copyright (C) {#AppPublisher}. GPL-3.0-or-later.
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Administrators install for every user; others (or /CURRENTUSER) install for themselves.
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog
; 64-bit only, Windows 10 1809 or later (what Qt 6 supports).
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0.17763
OutputDir={#OutputDir}
OutputBaseFilename=MacauDealerTrainer-{#AppVersion}-windows-x64-setup
SetupIconFile=..\icons\dealer-trainer.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
; An upgrade closes a running trainer first (Restart Manager) instead of failing on locked files.
CloseApplications=yes
RestartApplications=no
SetupLogging=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "portuguese"; MessagesFile: "compiler:Languages\Portuguese.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[InstallDelete]
; An upgrade replaces the whole build: no library of an older version may linger beside the new.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BuildDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent
