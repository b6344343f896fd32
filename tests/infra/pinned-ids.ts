/**
 * Logical ids of what a deployed company keeps: a new id makes CloudFormation create an empty
 * table or pool beside the old one (orphaned by RETAIN, or deleted). Frozen.
 */
export const PINNED_LOGICAL_IDS = {
  'AWS::DynamoDB::Table': ['DataTableFDBAD0F2'],
  'AWS::Cognito::UserPool': ['IdentityUserPool96FE3B9B'],
  'AWS::Cognito::UserPoolClient': ['IdentityUserPoolWebClient274C53C4'],
  'AWS::Cognito::UserPoolGroup': ['IdentityUserPoolAdminGroupBDA47D50'],
  'AWS::Cognito::UserPoolUser': ['IdentityFirstAdmin1C07DD12'],
  'AWS::Cognito::UserPoolUserToGroupAttachment': ['IdentityFirstAdminMembershipECBCF4BA'],
  'AWS::S3::Bucket': ['SiteAccessLogs536C0B75', 'SiteBucket978D4AEB'],
  'AWS::SecretsManager::Secret': ['OriginVerifySecretEA260BA4'],
} as const;
