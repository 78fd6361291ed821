extension OAAction {
    /// What the client does next at this stage: the "Next Action" column of the SDK's OAAction
    /// table, to the letter.
    public var nextAction: String {
        switch self {
        case .initializedSDK: "CALL STARTACTIVATION METHOD OF OAACTIVATION OBJECT"
        case .fetchDeviceId: "CALL FETCHDEVICEID METHOD OF OAACTIVATION OBJECT"
        case .provideUserBasicDetail: "CALL SUBMITBASICDETAILS METHOD OF OAACTIVATION OBJECT"
        case .sendUploadLink: "CALL SENDUPLOADLINK METHOD OF OAACTIVATION OBJECT"
        case .sendUploadLinkOrOpenSecureScreen:
            "CALL SENDUPLOADLINK METHOD OR CALL OPENSECURESCREEN METHOD OF OAACTIVATION OBJECT"
        case .secureScreenDismissed:
            "THE CLIENT MAY WISH TO REFRESH THE MEMBERSHIP STATUS AFTER RECEIVING THIS ACTION TO SHOW THE UPDATED STATUS."
        case .completed: "NA"
        }
    }
}
